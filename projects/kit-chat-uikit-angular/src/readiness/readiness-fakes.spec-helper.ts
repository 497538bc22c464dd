// Stand-ins for the browser's Notification and for an SDK that tells its registration, shared by the readiness
// specs. Not a spec itself (Jest runs only `*.spec.ts`), and not reachable from the entry point.
import {KitCallsSdkLifecycle, KitRegistration} from '../sdk/calls-sdk';
import {KitInMemoryCallsSdk, KitInMemorySwitchboard} from 'kit-chat-uikit-angular/in-memory';

/** A stand-in for the browser's Notification: records what the kit shows and closes, and the permission asked. */
export class FakeNotification {
  static permission: NotificationPermission = 'default';
  static shown: FakeNotification[] = [];
  /** What `requestPermission()` answers. */
  static answer: NotificationPermission = 'granted';
  static asked = 0;
  closed = false;
  onclick: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  static requestPermission(): Promise<NotificationPermission> {
    FakeNotification.asked++;
    FakeNotification.permission = FakeNotification.answer;
    return Promise.resolve(FakeNotification.answer);
  }
  close(): void {
    this.closed = true;
  }
}

/** Puts the fake Notification on the page with a permission; returns the cleanup. */
export function installFakeNotification(permission: NotificationPermission): () => void {
  FakeNotification.permission = permission;
  FakeNotification.shown = [];
  FakeNotification.asked = 0;
  FakeNotification.answer = 'granted';
  (window as unknown as {Notification: unknown}).Notification = FakeNotification;
  return () => delete (window as unknown as {Notification?: unknown}).Notification;
}

/** An in-memory SDK that also tells a registration, which a spec sets. */
export class RegisteringSdk extends KitInMemoryCallsSdk implements KitCallsSdkLifecycle {
  registration: KitRegistration = {registered: false, reason: 'connecting'};
  readonly watchers = new Set<(registration: KitRegistration) => void>();
  resumed = 0;

  constructor() {
    super(new KitInMemorySwitchboard(), {uid: 'me', name: 'Me'});
  }
  getRegistration(): KitRegistration {
    return this.registration;
  }
  watchRegistration(listener: (registration: KitRegistration) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }
  /** The SDK's registration changes. */
  set(registration: KitRegistration): void {
    this.registration = registration;
    this.watchers.forEach(watcher => watcher(registration));
  }
  override resume(): void {
    this.resumed++;
  }
}
