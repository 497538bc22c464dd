import {readFileSync} from 'node:fs';
import {join} from 'node:path';

interface FakeNotification {
  title: string;
  tag: string;
  options: NotificationOptions & {actions?: {action: string; title: string}[]};
  close: () => void;
}

type Listener = (event: unknown) => void;

/** kit-call-sw.js run against a fake worker scope: its notifications, and its event listeners. */
function loadWorker() {
  const shown: FakeNotification[] = [];
  const listeners: Record<string, Listener> = {};
  const scope = {
    registration: {
      scope: 'https://app.test/',
      showNotification: jest.fn(async (title: string, options: FakeNotification['options']) => {
        const notification: FakeNotification = {
          title,
          tag: options.tag ?? '',
          options,
          close: () => shown.splice(shown.indexOf(notification), 1),
        };
        shown.push(notification);
      }),
      getNotifications: async ({tag}: {tag?: string} = {}) =>
        shown.filter(notification => !tag || notification.tag === tag),
    },
    clients: {matchAll: async () => [], openWindow: jest.fn()},
    addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
    kitCallWorker: undefined as
      undefined | {receive: (message: unknown) => Promise<void> | null; openUrl: unknown},
  };
  const source = readFileSync(join(__dirname, 'kit-call-sw.js'), 'utf8');
  new Function('self', source)(scope);
  return {scope, shown, listeners, worker: scope.kitCallWorker!};
}

const RING = {
  kitCall: {
    type: 'ring',
    callId: 'c1',
    video: true,
    caller: {uid: 'ada', name: 'Ada Lovelace', avatar: 'https://app.test/ada.png'},
    url: 'https://app.test/call',
    declineUrl: 'https://api.test/decline?t=1',
  },
};

describe('kit-call-sw.js', () => {
  it('should show the call notification for a ring message given to receive(), as a push would', async () => {
    const {shown, worker} = loadWorker();

    await worker.receive(RING);

    expect(shown.length).toBe(1);
    const [notification] = shown;
    expect(notification.title).toBe('Ada Lovelace');
    expect(notification.tag).toBe('kit-call-c1');
    expect(notification.options.body).toBe('Incoming video call');
    expect(notification.options.icon).toBe('https://app.test/ada.png');
    expect(notification.options.requireInteraction).toBe(true);
    expect(notification.options.actions?.map(action => action.action)).toEqual([
      'accept',
      'decline',
    ]);
  });

  it('should close that call’s notification for a cancel message, and leave other calls ringing', async () => {
    const {shown, worker} = loadWorker();
    await worker.receive(RING);
    await worker.receive({kitCall: {...RING.kitCall, callId: 'c2'}});

    await worker.receive({kitCall: {type: 'cancel', callId: 'c1'}});

    expect(shown.map(notification => notification.tag)).toEqual(['kit-call-c2']);
  });

  it('should leave a message without kitCall to the rest of the app’s worker', () => {
    const {scope, worker} = loadWorker();

    expect(worker.receive({other: true})).toBeNull();
    expect(worker.receive(null)).toBeNull();
    expect(scope.registration.showNotification).not.toHaveBeenCalled();
  });

  it('should take the same path for a real push event, kept alive by waitUntil', async () => {
    const {shown, listeners} = loadWorker();
    const kept: Promise<unknown>[] = [];

    listeners['push']({
      data: {json: () => RING},
      waitUntil: (done: Promise<unknown>) => kept.push(done),
    });
    await Promise.all(kept);

    expect(kept.length).toBe(1);
    expect(shown.map(notification => notification.title)).toEqual(['Ada Lovelace']);
  });
});
