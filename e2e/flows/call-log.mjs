// The call log (withCallLog() and <kit-call-log> in the demo's "Recent calls"): missed calls kept in IndexedDB over
// a reload with the badge's count, Call back ringing the person, and the notification of a call missed while the
// tab is hidden, which stays until it is used and calls back when clicked.
import {SEL, expect} from '../harness.mjs';
import {recordNotifications} from './readiness.mjs';

const BADGE = SEL.testId('missed-badge');
const UNSEEN = '[data-testid="call-log"] .kit-call-log-unseen .kit-call-log-name';

/** Marks the calls of earlier tests seen (the lane's browser keeps its IndexedDB): the badge starts from none. */
async function fromNoneMissed(me) {
  if (await me.page.$(BADGE)) {
    await me.click('call-log-seen');
  }
  await me.gone(BADGE);
}

/** A simulated person rings me by voice and hangs up before I answer. */
export async function missedFrom(me, uid) {
  await me.far(`ring-voice-${uid}`);
  await me.visible(SEL.incoming);
  await me.far('far-cancel');
  await me.gone(SEL.incoming);
}

/** The names of the missed calls not seen yet, newest first. */
async function unseenNames(me) {
  return me.page.$$eval(UNSEEN, names => names.map(name => name.textContent.trim()));
}

/** Fails unless the badge says `count` and the log lists exactly these missed calls as not seen. */
async function expectMissed(me, names) {
  await me.textIs(BADGE, String(names.length));
  await me.page.waitForFunction(
    ([selector, count]) => document.querySelectorAll(selector).length === count,
    [UNSEEN, names.length],
    {timeout: 5000},
  );
  const listed = await unseenNames(me);
  expect(
    JSON.stringify(listed) === JSON.stringify(names),
    `the log should list ${names.join(', ')} as missed, lists ${listed.join(', ')}`,
  );
}

/** Runs in the page before its scripts: the tab says it is hidden while `window.__e2eHidden` is set. */
function hideOnDemand() {
  Object.defineProperty(document, 'visibilityState', {
    get: () => (window.__e2eHidden ? 'hidden' : 'visible'),
    configurable: true,
  });
}

export const callLogTests = [
  {
    name: 'call log: three missed calls stay after a reload (IndexedDB) with the badge count, and Call back rings',
    timeout: 40000,
    fn: async ({open}) => {
      const me = await open();
      await fromNoneMissed(me);
      for (const uid of ['ada', 'alan', 'katherine']) {
        await missedFrom(me, uid);
      }
      const names = ['Katherine Johnson', 'Alan Turing', 'Ada Lovelace'];
      await expectMissed(me, names);

      await me.page.reload({waitUntil: 'load'});
      await me.visible(SEL.testId('me'), 10000);
      await expectMissed(me, names);

      // Call back on the newest missed call: the outgoing screen rings Katherine.
      await me.page.click(
        '[data-testid="call-log"] .kit-call-log-item:first-child .kit-call-log-call-back',
      );
      await me.visible(SEL.outgoing);
      await me.textIs(SEL.outgoingTitle, 'Katherine Johnson');
      await me.event('ccOutgoingCall');
      await me.gone(SEL.outgoing, 10000); // She answers busy; the outcome closes.
      await me.click('call-log-seen');
      await me.gone(BADGE);
    },
  },
  {
    name: 'call log: a call missed in a hidden tab stays as a notification until used, and its click calls back',
    timeout: 40000,
    fn: async ({open, base}) => {
      const me = await open({state: {answers: {ada: 'never'}}});
      const context = me.page.context();
      try {
        await context.grantPermissions(['notifications'], {origin: new URL(base).origin});
        await me.page.addInitScript(recordNotifications);
        await me.page.addInitScript(hideOnDemand);
        await me.page.reload({waitUntil: 'load'});
        await me.visible(SEL.testId('me'), 10000);
        await fromNoneMissed(me);

        await me.page.evaluate(() => (window.__e2eHidden = true));
        await missedFrom(me, 'ada');
        const missed = 'Missed call from Ada Lovelace';
        await me.page.waitForFunction(
          title => window.__notifications.some(n => n.title === title),
          missed,
          {timeout: 5000},
        );
        // The ringing screen and its notification are gone by now; the missed call's stays.
        const shown = await me.page.evaluate(
          title => window.__notifications.find(n => n.title === title),
          missed,
        );
        expect(shown.requireInteraction, 'the missed-call notification should stay until used');
        expect(!shown.closed, 'the missed-call notification closed by itself');

        // The user clicks it: the tab comes forward and Ada is called back.
        await me.page.evaluate(title => {
          window.__e2eHidden = false;
          window.__notifications
            .find(n => n.title === title)
            .instance.dispatchEvent(new Event('click'));
        }, missed);
        await me.visible(SEL.outgoing);
        await me.textIs(SEL.outgoingTitle, 'Ada Lovelace');
        await me.page.click(SEL.outgoingEnd);
        await me.gone(SEL.outgoing);
        await me.page.waitForFunction(
          title => window.__notifications.find(n => n.title === title).closed,
          missed,
          {timeout: 3000},
        );
        await me.click('call-log-seen');
        await me.gone(BADGE);
      } finally {
        await context.clearPermissions();
      }
    },
  },
];
