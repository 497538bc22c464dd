// Every call flow with the keyboard alone: Tab to the demo's button, Enter or Space, and from there only Tab, Enter
// and Space on the call screens (the ringing screens put the focus on accept / end call themselves). Far-side
// actions are the other person's, so they stay script clicks.
import {SEL, expect} from '../harness.mjs';

/** Tab to a demo button and press a key on it. */
async function press(demo, testId, key = 'Enter') {
  await demo.tabTo(SEL.testId(testId));
  await demo.page.keyboard.press(key);
}

/** Tab (only forwards; the screens trap focus) to a button of a call screen and press a key. */
async function pressOnScreen(demo, selector, key) {
  await demo.tabTo(selector, 10);
  await demo.page.keyboard.press(key);
}

export const keyboardTests = [
  {
    name: 'keyboard: incoming accept, then end',
    fn: async ({open}) => {
      const me = await open();
      await press(me, 'ring-voice-ada', 'Enter');
      await me.visible(SEL.incoming);
      await me.expectFocus(SEL.ringingDialog, 'the ringing screen itself');
      await me.said('Incoming voice call from Ada Lovelace');
      // Tab reaches decline, then accept.
      await pressOnScreen(me, SEL.accept, 'Enter');
      await me.visible(SEL.ongoing);
      await me.event('ccCallAccepted');
      await pressOnScreen(me, SEL.ongoingEnd, 'Enter');
      await me.gone(SEL.ongoing);
      await me.event('ccCallEnded');
      await me.said('Call ended');
      await me.expectFocus(SEL.testId('ring-voice-ada'), 'the button that rang');
    },
  },
  {
    name: 'keyboard: a key held down since the page never answers',
    fn: async ({open}) => {
      const me = await open();
      await me.tabTo(SEL.testId('ring-video-ada'));
      await me.page.keyboard.down('Enter'); // rings
      await me.visible(SEL.incoming);
      await me.expectFocus(SEL.ringingDialog, 'the ringing screen itself');
      await me.page.keyboard.down('Enter'); // the same key, repeating
      await me.page.keyboard.up('Enter');
      await me.page.keyboard.press('Space');
      await me.page.waitForTimeout(300);
      expect(await me.page.isVisible(SEL.incoming), 'a key meant for the page answered the call');
      expect(!(await me.page.isVisible(SEL.ongoing)), 'a key meant for the page answered the call');
    },
  },
  {
    name: 'keyboard: incoming reject',
    fn: async ({open}) => {
      const me = await open();
      await press(me, 'ring-video-ada', 'Space');
      await me.visible(SEL.incoming);
      await me.expectFocus(SEL.ringingDialog, 'the ringing screen itself');
      await pressOnScreen(me, SEL.reject, 'Space');
      await me.gone(SEL.incoming);
      await me.event('ccCallRejected');
      await me.expectFocus(SEL.testId('ring-video-ada'), 'the button that rang');
    },
  },
  {
    name: 'keyboard: decline while the accept is on its way (slow network)',
    fn: async ({open}) => {
      const me = await open({state: {latency: 1000}});
      await press(me, 'ring-video-ada', 'Enter');
      await me.visible(SEL.incoming);
      await pressOnScreen(me, SEL.accept, 'Enter');
      await me.textIs(SEL.incomingStatus, 'Connecting…');
      await me.attribute(SEL.accept, 'aria-disabled', 'true');
      // Decline stays live: Tab (focus stayed in the screen) reaches it, and it wins over the accept.
      expect(
        (await me.page.getAttribute(SEL.reject, 'aria-disabled')) === null,
        'decline is disabled while the accept is on its way',
      );
      await pressOnScreen(me, SEL.reject, 'Enter');
      await me.gone(SEL.incoming);
      await me.said('Call declined');
      await me.page.waitForTimeout(1500); // Longer than the SDK's answers take: the ongoing screen never comes.
      expect(!(await me.page.isVisible(SEL.ongoing)), 'the declined call was shown as ongoing');
      const events = await me.events();
      expect(!events.includes('ccCallAccepted'), `events: ${events.join(', ')}`);
      expect(
        events.includes('ccCallEnded') || events.includes('ccCallRejected'),
        `events: ${events.join(', ')}`,
      );
      await me.expectFocus(SEL.testId('ring-video-ada'), 'the button that rang');
    },
  },
  {
    name: 'keyboard: incoming, caller cancels, ring again',
    fn: async ({open}) => {
      const me = await open();
      await press(me, 'ring-voice-ada', 'Enter');
      await me.visible(SEL.incoming);
      await me.expectFocus(SEL.ringingDialog, 'the ringing screen itself');
      await me.far('far-cancel');
      // The ending stays on screen for a moment, its buttons hidden (focus on the dialog), then the screen leaves.
      await me.textIs(SEL.incomingStatus, 'The caller hung up');
      await me.attribute(SEL.reject, 'aria-disabled', 'true');
      await me.expectFocus(SEL.ringingDialog, 'the dialog, its buttons gone with the call');
      await me.said('The caller hung up');
      await me.gone(SEL.incoming);
      await me.event('ccCallEnded');
      // The keyboard user is back where they were, and can go on.
      await me.expectFocus(SEL.testId('ring-voice-ada'), 'the button that rang');
      await me.page.keyboard.press('Enter');
      await me.visible(SEL.incoming);
      await me.expectFocus(SEL.ringingDialog, 'the ringing screen itself');
    },
  },
  {
    name: 'keyboard: outgoing accepted, mute, end',
    fn: async ({open}) => {
      const me = await open();
      await press(me, 'call-voice-ada', 'Enter');
      await me.visible(SEL.outgoing);
      await me.expectFocus(SEL.outgoingEnd, 'the end call button');
      await me.visible(SEL.ongoing, 6000);
      await pressOnScreen(me, SEL.mute, 'Space');
      await me.attribute(SEL.mute, 'aria-label', 'Unmute');
      await pressOnScreen(me, SEL.ongoingEnd, 'Space');
      await me.gone(SEL.ongoing);
      await me.event('ccCallEnded');
      await me.expectFocus(SEL.testId('call-voice-ada'), 'the call button');
    },
  },
  {
    name: 'keyboard: outgoing declined',
    fn: async ({open}) => {
      const me = await open();
      await press(me, 'call-voice-alan', 'Space');
      await me.visible(SEL.outgoing);
      await me.expectFocus(SEL.outgoingEnd, 'the end call button');
      await me.textIs(SEL.outgoingStatus, 'Call declined', 6000);
      // "Call again" takes the place of end call, with focus, for 5 s.
      await me.expectFocus(SEL.callAgain, '"Call again"');
      await me.gone(SEL.outgoing, 10000);
      await me.expectFocus(SEL.testId('call-voice-alan'), 'the call button');
    },
  },
  {
    name: 'keyboard: outgoing busy',
    fn: async ({open}) => {
      const me = await open();
      await press(me, 'call-video-katherine', 'Enter');
      await me.visible(SEL.outgoing);
      await me.expectFocus(SEL.outgoingEnd, 'the end call button');
      await me.textIs(SEL.outgoingStatus, 'Busy', 6000);
      await me.gone(SEL.outgoing, 10000); // The outcome stays 5 s.
      await me.expectFocus(SEL.testId('call-video-katherine'), 'the call button');
    },
  },
  {
    name: 'keyboard: outgoing unanswered',
    fn: async ({open}) => {
      const me = await open({query: {ringTimeout: 2500}, state: {answers: {ada: 'never'}}});
      await press(me, 'call-video-ada', 'Enter');
      await me.visible(SEL.outgoing);
      await me.expectFocus(SEL.outgoingEnd, 'the end call button');
      await me.gone(SEL.outgoing, 12000); // Ring time-out 2.5 s, the outcome 5 s.
      await me.event('ccCallEnded');
      await me.expectFocus(SEL.testId('call-video-ada'), 'the call button');
    },
  },
  {
    name: 'keyboard: outgoing cancelled',
    fn: async ({open}) => {
      const me = await open({state: {answers: {ada: 'never'}}});
      await press(me, 'call-voice-ada', 'Enter');
      await me.visible(SEL.outgoing);
      await me.expectFocus(SEL.outgoingEnd, 'the end call button');
      await me.page.keyboard.press('Space');
      await me.gone(SEL.outgoing, 6000);
      await me.event('ccCallEnded');
      await me.expectFocus(SEL.testId('call-voice-ada'), 'the call button');
    },
  },
  {
    name: 'keyboard: ongoing, camera, far side hangs up',
    fn: async ({open}) => {
      const me = await open();
      await press(me, 'ring-video-ada', 'Enter');
      await me.visible(SEL.incoming);
      await pressOnScreen(me, SEL.accept, 'Enter');
      await me.visible(SEL.ongoing);
      await pressOnScreen(me, SEL.camera, 'Enter');
      await me.attribute(SEL.camera, 'aria-label', 'Turn camera on');
      await me.far('far-end');
      await me.gone(SEL.ongoing, 6000);
      await me.expectFocus(SEL.testId('ring-video-ada'), 'the button that rang');
    },
  },
  {
    name: 'keyboard: two tabs',
    timeout: 30000,
    fn: async ({open}) => {
      const grace = await open({user: 'grace'});
      const linus = await open({user: 'linus'});
      await press(grace, 'call-voice-linus', 'Enter');
      await grace.visible(SEL.outgoing);
      await linus.visible(SEL.incoming);
      await linus.page.bringToFront();
      await linus.expectFocus(SEL.ringingDialog, 'the ringing screen itself');
      await pressOnScreen(linus, SEL.accept, 'Space');
      await linus.visible(SEL.ongoing);
      await grace.visible(SEL.ongoing);
      await pressOnScreen(linus, SEL.ongoingEnd, 'Enter');
      await linus.gone(SEL.ongoing);
      await grace.gone(SEL.ongoing);
      const events = await grace.events();
      expect(events.includes('ccCallEnded'), `Grace's log: ${events}`);
    },
  },
  {
    name: 'keyboard: call waiting banner decline',
    fn: async ({open}) => {
      const me = await open({busyPolicy: 'wait'});
      await press(me, 'ring-voice-ada', 'Enter');
      await me.visible(SEL.incoming);
      await me.far('ring-video-katherine');
      await me.visible(SEL.waiting);
      await me.expectFocus(SEL.ringingDialog, 'the ringing screen itself');
      // The banner's decline must be reachable from the ringing screen with Tab.
      await pressOnScreen(me, SEL.waitingDecline, 'Enter');
      await me.gone(SEL.waiting);
      expect(
        await me.page.isVisible(SEL.incoming),
        'declining the waiting call closed the ringing one',
      );
    },
  },
  {
    name: 'keyboard: call waiting end and accept',
    fn: async ({open}) => {
      const me = await open({busyPolicy: 'wait'});
      await press(me, 'ring-voice-ada', 'Enter');
      await me.visible(SEL.incoming);
      await me.far('ring-video-katherine');
      await me.visible(SEL.waiting);
      await me.said('Incoming video call from Katherine Johnson');
      await pressOnScreen(me, SEL.waitingEndAndAccept, 'Enter');
      await me.visible(SEL.ongoing, 6000);
      await me.gone(SEL.waiting);
      await me.textIs(SEL.ongoing, 'Katherine Johnson');
      await pressOnScreen(me, SEL.ongoingEnd, 'Enter');
      await me.gone(SEL.ongoing);
      await me.said('Call ended');
    },
  },
  {
    name: 'keyboard: declined, call again',
    fn: async ({open}) => {
      const me = await open();
      await press(me, 'call-voice-alan', 'Enter');
      await me.textIs(SEL.outgoingStatus, 'Call declined', 6000);
      await me.said('Call declined');
      expect(!(await me.page.isVisible(SEL.outgoingEnd)), 'a dead end call on a declined call');
      await pressOnScreen(me, SEL.callAgain, 'Enter');
      await me.page
        .waitForFunction(
          () =>
            document.querySelectorAll('[data-testid="event-log"] li[data-event="ccOutgoingCall"]')
              .length === 2,
          null,
          {timeout: 5000},
        )
        .catch(async () => {
          throw new Error(`Call again placed no second call; log: ${await me.events()}`);
        });
    },
  },
];
