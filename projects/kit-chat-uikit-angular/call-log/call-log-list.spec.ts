import {TestbedHarnessEnvironment} from '@angular/cdk/testing/testbed';
import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallOverlay, KitUser} from 'kit-chat-uikit-angular';
import {
  KitCallLogHarness,
  KitCallsTestingController,
  provideKitCallsTesting,
} from 'kit-chat-uikit-angular/testing';
import {KitCallLog} from './call-log';
import {KitCallLogEntry} from './call-log-entry';
import {withCallLog} from './call-log-feature';
import {KitCallLogIntl} from './call-log-intl';
import {KitCallLogComponent} from './call-log-list';
import {KitCallLogStore, KitMemoryCallLogStore} from './call-log-store';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};
const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

@Component({imports: [KitCallLogComponent], template: '<kit-call-log />'})
class Page {}

function entry(changes: Partial<KitCallLogEntry>): KitCallLogEntry {
  return {
    id: 'c1',
    direction: 'incoming',
    people: [ADA],
    type: 'audio',
    startedAt: NOW - 5 * 60_000,
    duration: 0,
    reason: 'cancelled',
    missed: true,
    seen: false,
    ...changes,
  };
}

describe('KitCallLogComponent', () => {
  let log: KitCallLog;

  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(NOW);
  });
  afterEach(() => jest.useRealTimers());

  async function setup(entries: KitCallLogEntry[]): Promise<KitCallLogHarness> {
    const store = new KitMemoryCallLogStore();
    await store.save('me', entries);
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({features: [withCallLog()]}),
        {provide: KitCallLogStore, useValue: store},
      ],
    });
    TestBed.inject(KitCallsTestingController).farSide.addUsers(ADA, BOB);
    log = TestBed.inject(KitCallLog);
    const fixture = TestBed.createComponent(Page);
    await jest.advanceTimersByTimeAsync(10);
    return TestbedHarnessEnvironment.loader(fixture).getHarness(KitCallLogHarness);
  }

  it('should list the calls newest first with what a user reads of each', async () => {
    const harness = await setup([
      entry({
        id: 'c2',
        people: [BOB],
        direction: 'outgoing',
        type: 'video',
        duration: 65,
        reason: 'ended',
        missed: false,
        seen: true,
        startedAt: NOW - 2 * 3600_000,
      }),
      entry({}),
    ]);

    expect(await harness.getLabel()).toBe('Recent calls');
    expect(await harness.getEntries()).toEqual([
      {
        name: BOB.name,
        missed: false,
        unseen: false,
        kind: 'Outgoing',
        type: 'Video call',
        time: '2 hours ago',
        duration: '1:05',
      },
      {
        name: ADA.name,
        missed: true,
        unseen: true,
        kind: 'Missed',
        type: 'Voice call',
        time: '5 minutes ago',
        duration: '',
      },
    ]);
    expect(await harness.getCallBackLabels()).toEqual([
      'Call back Bob Kahn',
      'Call back Ada Lovelace',
    ]);
  });

  it('should count the missed calls not seen, down to 0 once seen', async () => {
    const harness = await setup([
      entry({id: 'a'}),
      entry({id: 'b'}),
      entry({id: 'c', missed: false, seen: true}),
    ]);
    expect(await harness.getMissedCount()).toBe(2);

    log.markSeen();
    await jest.advanceTimersByTimeAsync(10);

    expect(await harness.getMissedCount()).toBe(0);
    expect(log.missedCount()).toBe(0);
  });

  it('should say an outgoing call was not answered', async () => {
    const harness = await setup([
      entry({direction: 'outgoing', reason: 'unanswered', missed: false, seen: true}),
    ]);
    expect((await harness.getEntries())[0].kind).toBe('Outgoing, Not answered');
  });

  it('should ring the person when Call back is clicked', async () => {
    const harness = await setup([entry({})]);
    TestBed.inject(KitCallsTestingController).farSide.neverAnswer(ADA.uid);

    await harness.callBack(0);
    await jest.advanceTimersByTimeAsync(10);

    const [ref] = TestBed.inject(KitCallOverlay).openCalls;
    expect(ref.direction).toBe('outgoing');
    expect(ref.call().receiver.uid).toBe(ADA.uid);
  });

  it('should say so when there is no call', async () => {
    const harness = await setup([]);
    expect(await harness.isEmpty()).toBe(true);
    expect(await (await harness.host()).text()).toBe('No calls yet');
  });

  it('should follow new words and their language at run time', async () => {
    const harness = await setup([entry({})]);
    const intl = TestBed.inject(KitCallLogIntl);
    Object.assign(intl, {locale: 'de', missed: 'Verpasst', title: 'Letzte Anrufe'});
    intl.changes.next();

    expect(await harness.getLabel()).toBe('Letzte Anrufe');
    expect((await harness.getEntries())[0]).toEqual(
      expect.objectContaining({kind: 'Verpasst', time: 'vor 5 Minuten'}),
    );
  });
});
