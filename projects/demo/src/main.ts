import {bootstrapApplication} from '@angular/platform-browser';
import {DemoApp} from './app/app';
import {appConfig} from './app/app.config';
import {demoApplyTheme, demoLoadState} from './app/demo-settings';

// The theme is on <html> before the first paint: no flash of the other theme.
demoApplyTheme(document.documentElement, demoLoadState().theme);

bootstrapApplication(DemoApp, appConfig).catch(error => console.error(error));
