import {provideZonelessChangeDetection} from '@angular/core';
import {bootstrapApplication} from '@angular/platform-browser';
import {BenchApp} from './app/app';
import {KIT_PROVIDERS} from './app/kit';

bootstrapApplication(BenchApp, {
  providers: [provideZonelessChangeDetection(), KIT_PROVIDERS],
}).catch(error => console.error(error));
