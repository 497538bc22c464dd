import {Component, signal} from '@angular/core';

@Component({
  selector: 'app-root',
  template: `<h1>Hello, {{ title() }}</h1>`,
})
export class App {
  protected readonly title = signal('standalone-app');
}
