import {Directive, ElementRef, InputSignal, effect, inject, input} from '@angular/core';

/**
 * Plays a stream in a `<video>` (`srcObject` cannot be bound in a template); the user's own is muted, so that they do
 * not hear themselves. @docs-private
 */
@Directive({selector: 'video[kitGroupStream]'})
export class KitGroupStream {
  /** The stream. */
  readonly kitGroupStream: InputSignal<MediaStream | null> = input.required<MediaStream | null>();
  /** Whether it is the user's own (muted). */
  readonly self: InputSignal<boolean> = input(false);

  constructor() {
    const video: HTMLVideoElement = inject(ElementRef).nativeElement;
    effect(() => {
      const stream = this.kitGroupStream();
      video.muted = this.self();
      if (video.srcObject !== stream) {
        video.srcObject = stream;
      }
    });
  }
}
