import {
  ApplicationConfig,
  provideBrowserGlobalErrorListeners,
  provideZonelessChangeDetection,
} from '@angular/core';
import {provideKitUIKit} from 'kit-chat-uikit-angular';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {ME} from './people';

/** The standalone way: `provideKitUIKit`. An incoming call opens the incoming overlay by itself. */
export const appConfig: ApplicationConfig = {
  providers: [
    provideBrowserGlobalErrorListeners(),
    provideZonelessChangeDetection(),
    provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ME)}),
  ],
};
