import {provideZonelessChangeDetection} from '@angular/core';
import {bootstrapApplication} from '@angular/platform-browser';
import {PlainApp} from './app';
import {PLAIN_KIT_PROVIDERS} from './kit';

bootstrapApplication(PlainApp, {
  providers: [provideZonelessChangeDetection(), PLAIN_KIT_PROVIDERS],
}).catch(error => console.error(error));
