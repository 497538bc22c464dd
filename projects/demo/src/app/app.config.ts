import {
  ApplicationConfig,
  provideBrowserGlobalErrorListeners,
  provideZonelessChangeDetection,
} from '@angular/core';
import {kitInMemoryCallsSdk, provideKitUIKit} from 'kit-chat-uikit-angular';
import {DEMO_ME} from './people';

export const appConfig: ApplicationConfig = {
  providers: [
    provideBrowserGlobalErrorListeners(),
    provideZonelessChangeDetection(),
    provideKitUIKit({callsSdk: kitInMemoryCallsSdk(DEMO_ME)}),
  ],
};
