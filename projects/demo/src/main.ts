import {bootstrapApplication} from '@angular/platform-browser';
import {DemoApp} from './app/app';
import {appConfig} from './app/app.config';

bootstrapApplication(DemoApp, appConfig).catch(error => console.error(error));
