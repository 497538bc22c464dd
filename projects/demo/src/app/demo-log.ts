import {DestroyRef, Injectable, inject, signal} from '@angular/core';
import {takeUntilDestroyed} from '@angular/core/rxjs-interop';
import {KitCall, KitCallEventsService, KitCallsSdk, KitException} from 'kit-chat-uikit-angular';
import {Subject, map, merge} from 'rxjs';

/** A line of the demo's log. */
export interface DemoLogLine {
  readonly id: number;
  readonly time: string;
  /** `event`: a `KitCallEventsService` event; `error`: an error; `info`: what the far side did. */
  readonly kind: 'event' | 'error' | 'info';
  /** The event's name, or a short tag. */
  readonly name: string;
  readonly text: string;
}

/** Errors of the flows that run by themselves, from `provideKitUIKit({onError})`. */
export const DEMO_ERRORS = new Subject<KitException>();

const MAX_LINES = 60;

/**
 * Describes a call for the log.
 * @param call The call.
 * @returns Caller → receiver, type and status.
 */
export function demoDescribeCall(call: KitCall): string {
  const type = call.type === 'audio' ? 'voice' : 'video';
  const status = call.status ? `, ${call.status}` : '';
  return `${call.callInitiator.name} → ${call.callReceiver.name} (${type}${status})`;
}

/** The live log of the demo: the events of `KitCallEventsService`, errors, and the far side's actions. */
@Injectable({providedIn: 'root'})
export class DemoLog {
  private _sequence = 0;

  /** Newest first. */
  readonly lines = signal<DemoLogLine[]>([]);

  constructor() {
    const events = inject(KitCallEventsService);
    merge(
      events.ccOutgoingCall.pipe(map(call => ['ccOutgoingCall', call] as const)),
      events.ccCallAccepted.pipe(map(call => ['ccCallAccepted', call] as const)),
      events.ccCallRejected.pipe(map(call => ['ccCallRejected', call] as const)),
      events.ccCallEnded.pipe(map(call => ['ccCallEnded', call] as const)),
    )
      .pipe(takeUntilDestroyed(inject(DestroyRef)))
      .subscribe(([name, call]) => this.write('event', name, demoDescribeCall(call)));
    DEMO_ERRORS.pipe(takeUntilDestroyed(inject(DestroyRef))).subscribe(error => this.error(error));
    // Rings are SDK callbacks, not UI events: logged too, so a ring that the switchboard answers busy shows.
    const sdk = inject(KitCallsSdk);
    const listenerId = 'demo-log';
    sdk.addCallListener(listenerId, {
      onIncomingCallReceived: call => this.write('info', 'Ringing', demoDescribeCall(call)),
    });
    inject(DestroyRef).onDestroy(() => sdk.removeCallListener(listenerId));
  }

  /**
   * Adds a line.
   * @param kind Its kind.
   * @param name Its tag.
   * @param text Its text.
   */
  write(kind: DemoLogLine['kind'], name: string, text: string): void {
    const line: DemoLogLine = {
      id: ++this._sequence,
      time: new Date().toLocaleTimeString(),
      kind,
      name,
      text,
    };
    this.lines.update(lines => [line, ...lines].slice(0, MAX_LINES));
  }

  /**
   * Adds an error.
   * @param error A `KitException`, or anything thrown.
   */
  error(error: unknown): void {
    if (error instanceof KitException) {
      this.write('error', error.code, error.message);
    } else {
      this.write('error', 'Error', error instanceof Error ? error.message : String(error));
    }
  }

  /** Empties the log. */
  clear(): void {
    this.lines.set([]);
  }
}
