import {
  NgModule,
  provideBrowserGlobalErrorListeners,
  provideZonelessChangeDetection,
} from '@angular/core';
import {BrowserModule} from '@angular/platform-browser';
import {KitCallsModule} from 'kit-chat-uikit-angular';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {AppComponent, ME} from './app';

/** The NgModule way: `KitCallsModule.forRoot` once in the root module gives the providers and the components. */
@NgModule({
  declarations: [AppComponent],
  imports: [
    BrowserModule,
    // The screens are placed in the template (no auto-ring overlay).
    KitCallsModule.forRoot({callsSdk: kitInMemoryCallsSdk(ME), autoRing: false}),
  ],
  providers: [provideBrowserGlobalErrorListeners(), provideZonelessChangeDetection()],
  bootstrap: [AppComponent],
})
export class AppModule {}
