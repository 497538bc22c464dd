// The demo's own promises: two tabs (two users) reach each other also during a call, where the callee's kit, not the
// switchboard, decides busy or call waiting; an outgoing call says "Ringing…" while the other tab rings; SIP mode
// says it is SIP and offers only what SIP can do; a tab that closes takes its calls with it.
import {SEL, expect} from '../harness.mjs';

const ONGOING_NAME = '.kit-ongoing-call-name';

/** Grace in a call with Ada (simulated, she accepts after a moment), as the tab that will get a second call. */
async function graceInACall(open, busyPolicy) {
  const grace = await open({user: 'grace', busyPolicy});
  await grace.click('call-voice-ada');
  await grace.visible(SEL.ongoing, 8000);
  await grace.textIs(ONGOING_NAME, 'Ada Lovelace');
  return grace;
}

export const demoTests = [
  {
    name: 'demo: call waiting from the other tab shows the banner, and End and accept takes the call',
    timeout: 40000,
    fn: async ({open}) => {
      const grace = await graceInACall(open, 'wait');
      const linus = await open({user: 'linus'});
      await linus.click('call-voice-grace');
      await linus.visible(SEL.outgoing);
      // Grace's device got the call: Linus's screen says so, as a SIP 180 would.
      await linus.textIs(SEL.outgoingStatus, 'Ringing');
      await grace.visible(SEL.waiting);
      await grace.textIs(SEL.waiting, 'Linus Torvalds');
      await grace.textIs(ONGOING_NAME, 'Ada Lovelace');

      await grace.page.click(SEL.waitingEndAndAccept);
      await grace.gone(SEL.waiting);
      await grace.textIs(ONGOING_NAME, 'Linus Torvalds', 8000);
      await linus.visible(SEL.ongoing, 8000);
      await linus.textIs(ONGOING_NAME, 'Grace Hopper');
    },
  },
  {
    name: 'demo: a call from the other tab during a call is answered busy by the callee’s kit',
    timeout: 40000,
    fn: async ({open}) => {
      const grace = await graceInACall(open, 'busy');
      const linus = await open({user: 'linus'});
      await linus.click('call-voice-grace');
      await linus.textIs(SEL.outgoingStatus, 'Busy', 8000);
      expect(
        !(await grace.page.isVisible(SEL.waiting)),
        'a call-waiting banner under the busy policy',
      );
      await grace.textIs(ONGOING_NAME, 'Ada Lovelace');
    },
  },
  {
    name: 'demo: a tab that closes ends its calls in the other tab, ringing or ongoing',
    timeout: 40000,
    fn: async ({open}) => {
      const linus = await open({user: 'linus'});
      // Grace calls and closes her tab while Linus's rings: his screen stops ringing and leaves.
      const grace = await open({user: 'grace'});
      await grace.click('call-voice-linus');
      await linus.visible(SEL.incoming, 8000);
      await grace.page.close();
      await linus.gone(SEL.incoming, 8000);
      // Grace again, this time the call goes on: closing her tab ends it on Linus's side.
      const again = await open({user: 'grace'});
      await again.click('call-voice-linus');
      await linus.visible(SEL.incoming, 8000);
      await linus.page.click(SEL.accept);
      await linus.visible(SEL.ongoing, 8000);
      await again.visible(SEL.ongoing, 8000);
      await again.page.close();
      await linus.gone(SEL.ongoing, 8000);
    },
  },
  {
    name: 'demo: SIP mode says SIP, has no far side, keeps the proxy in its links and lists only tab users',
    fn: async ({open}) => {
      // No proxy listens there: the page must still say what it is and what it offers.
      const server = 'ws://127.0.0.1:9';
      const grace = await open({user: 'grace', query: {sip: server}});
      await grace.textIs(SEL.testId('mode'), `over SIP, through ${server}`);
      expect(
        (await grace.page.locator('demo-far-side').count()) === 0,
        'the far-side panel is shown in SIP mode',
      );
      const contacts = await grace.page
        .locator('kit-call-buttons[data-testid^="call-"]')
        .evaluateAll(buttons => buttons.map(button => button.dataset.testid));
      expect(JSON.stringify(contacts) === '["call-linus"]', `contacts over SIP: ${contacts}`);
      const links = await grace.page
        .locator('[data-testid^="open-as-"]')
        .evaluateAll(anchors => anchors.map(anchor => anchor.getAttribute('href')));
      const expected = `?user=linus&sip=${encodeURIComponent(server)}`;
      expect(
        links.length === 1 && new URLSearchParams(links[0]).get('sip') === server,
        `open-as links over SIP: ${links} (expected ${expected})`,
      );
      // The WebSocket to the absent proxy fails by design here; any other error still fails the test.
      const other = grace.errors.filter(error => !/WebSocket|ERR_CONNECTION_REFUSED/i.test(error));
      grace.errors.splice(0, grace.errors.length, ...other);
    },
  },
  {
    name: 'demo: in memory, the page says so and keeps the far side',
    fn: async ({open}) => {
      const grace = await open({user: 'grace'});
      await grace.textIs(SEL.testId('mode'), 'on the embedded in-memory call SDK');
      await grace.visible('demo-far-side');
      const links = await grace.page
        .locator('[data-testid^="open-as-"]')
        .evaluateAll(anchors => anchors.map(anchor => anchor.getAttribute('href')));
      expect(links.includes('?user=linus'), `open-as links in memory: ${links}`);
    },
  },
];
