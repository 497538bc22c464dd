// The call flows with the mouse: incoming accept / reject / caller cancels; outgoing accepted / declined / busy /
// unanswered / cancelled; ongoing → end; two tabs calling each other.
import {SEL, expect} from '../harness.mjs';

/** Waits until the ringtone plays in the tab (the tests' Chromium may play without a gesture). */
async function expectSound(demo, playing) {
  try {
    await demo.page.waitForFunction(
      want => window.__e2e.media.filter(media => !media.paused).length > 0 === want,
      playing,
      {timeout: 3000},
    );
  } catch {
    const sound = await demo.sound();
    throw new Error(
      `sound should be ${playing ? 'playing' : 'stopped'}: ${sound.playing} playing, plays ${JSON.stringify(sound.plays)}`,
    );
  }
}

/** Ada rings me by voice and I accept: the ongoing screen shows. @returns The tab. */
async function inAVoiceCall(me) {
  await me.click('ring-voice-ada');
  await me.visible(SEL.incoming);
  await me.page.click(SEL.accept);
  await me.visible(SEL.ongoing);
  return me;
}

/** The demo with call waiting on: Ada rings (full screen), then Katherine, whose call waits in the banner. */
export async function katherineWaitsWhileAdaRings(open) {
  const me = await open({busyPolicy: 'wait'});
  await me.click('ring-voice-ada');
  await me.visible(SEL.incoming);
  await me.far('ring-video-katherine');
  await me.visible(SEL.waiting);
  return me;
}

export const callTests = [
  {
    name: 'incoming: accept',
    fn: async ({open}) => {
      const me = await open();
      await me.click('ring-voice-ada');
      await me.visible(SEL.incoming);
      await me.textIs(SEL.incomingTitle, 'Ada Lovelace');
      await me.expectFocus(SEL.ringingDialog, 'the ringing screen itself');
      await expectSound(me, true);
      await me.page.click(SEL.accept);
      await me.visible(SEL.ongoing);
      await me.gone(SEL.incoming);
      await me.textIs(SEL.ongoing, 'Ada Lovelace');
      await me.event('ccCallAccepted');
      await expectSound(me, false);
    },
  },
  {
    name: 'incoming: reject',
    fn: async ({open}) => {
      const me = await open();
      await me.click('ring-video-ada');
      await me.visible(SEL.incoming);
      await me.page.click(SEL.reject);
      await me.gone(SEL.incoming);
      await me.event('ccCallRejected');
      await expectSound(me, false);
      // Focus goes back where it was before the call.
      await me.expectFocus(SEL.testId('ring-video-ada'), 'the button that rang');
    },
  },
  {
    name: 'incoming: caller cancels',
    fn: async ({open}) => {
      const me = await open();
      await me.click('ring-voice-ada');
      await me.visible(SEL.incoming);
      await me.far('far-cancel');
      await me.gone(SEL.incoming);
      await me.event('ccCallEnded');
      await expectSound(me, false);
      const events = await me.events();
      expect(!events.includes('ccCallAccepted'), `a cancelled call was accepted: ${events}`);
    },
  },
  {
    name: 'outgoing: accepted',
    fn: async ({open}) => {
      const me = await open();
      await me.click('call-voice-ada');
      await me.visible(SEL.outgoing);
      // Ada's phone rings before she answers (issue 38: the simulated people said "Calling…" until they answered).
      await me.textIs(SEL.outgoingStatus, 'Ringing');
      await me.expectFocus(SEL.outgoingEnd, 'the end call button');
      await me.event('ccOutgoingCall');
      await expectSound(me, true); // The ringback.
      await me.visible(SEL.ongoing, 6000); // Ada answers after 1.5 s.
      await me.gone(SEL.outgoing);
      await me.event('ccCallAccepted');
      await expectSound(me, false);
    },
  },
  {
    name: 'outgoing: declined',
    fn: async ({open}) => {
      const me = await open(); // Alan declines.
      await me.click('call-voice-alan');
      await me.visible(SEL.outgoing);
      await me.textIs(SEL.outgoingStatus, 'Call declined', 6000);
      await me.gone(SEL.outgoing, 10000); // The outcome stays 5 s.
      await me.event('ccCallRejected');
      await me.expectFocus(SEL.testId('call-voice-alan'), 'the call button');
    },
  },
  {
    name: 'outgoing: busy',
    fn: async ({open}) => {
      const me = await open(); // Katherine answers busy.
      await me.click('call-video-katherine');
      await me.visible(SEL.outgoing);
      await me.textIs(SEL.outgoingStatus, 'Busy', 6000);
      await me.gone(SEL.outgoing, 10000); // The outcome stays 5 s.
      const events = await me.events();
      expect(!events.includes('ccCallAccepted'), `a busy call was accepted: ${events}`);
    },
  },
  {
    name: 'outgoing: unanswered (ring time-out)',
    fn: async ({open}) => {
      const me = await open({query: {ringTimeout: 2500}, state: {answers: {ada: 'never'}}});
      await me.click('call-voice-ada');
      await me.visible(SEL.outgoing);
      await me.textIs(SEL.outgoingStatus, 'Ringing');
      await me.gone(SEL.outgoing, 12000); // Ring time-out 2.5 s, the outcome 5 s.
      await me.event('ccCallEnded');
      const events = await me.events();
      expect(!events.includes('ccCallAccepted'), `an unanswered call was accepted: ${events}`);
    },
  },
  {
    name: 'outgoing: unanswered shows "No answer"',
    fn: async ({open}) => {
      const me = await open({query: {ringTimeout: 2500}, state: {answers: {ada: 'never'}}});
      await me.click('call-voice-ada');
      await me.visible(SEL.outgoing);
      await me.textIs(SEL.outgoingStatus, 'Ringing');
      // Like "Call declined" and "Busy", the outcome stays on screen a moment before the screen leaves.
      await me.textIs(SEL.outgoingStatus, 'No answer', 5000);
      await me.gone(SEL.outgoing, 10000); // The outcome stays 5 s.
    },
  },
  {
    name: 'outgoing: cancelled by me',
    fn: async ({open}) => {
      const me = await open({state: {answers: {ada: 'never'}}});
      await me.click('call-video-ada');
      await me.visible(SEL.outgoing);
      await me.textIs(SEL.outgoingStatus, 'Ringing');
      await me.page.click(SEL.outgoingEnd);
      await me.gone(SEL.outgoing, 10000); // The outcome stays 5 s.
      await me.event('ccCallEnded');
      await expectSound(me, false);
      await me.expectFocus(SEL.testId('call-video-ada'), 'the call button');
    },
  },
  {
    name: 'ongoing: mute, camera, end',
    fn: async ({open}) => {
      const me = await open();
      await me.click('call-video-ada');
      await me.visible(SEL.ongoing, 6000);
      // The names say what a press does, and follow the state.
      for (const [toggle, before, after] of [
        [SEL.mute, 'Mute', 'Unmute'],
        [SEL.camera, 'Turn camera off', 'Turn camera on'],
      ]) {
        await me.attribute(toggle, 'aria-label', before);
        await me.page.click(toggle);
        await me.attribute(toggle, 'aria-label', after);
      }
      await me.page.click(SEL.ongoingEnd);
      await me.gone(SEL.ongoing);
      await me.event('ccCallEnded');
      await me.expectFocus(SEL.testId('call-video-ada'), 'the call button');
    },
  },
  {
    name: 'ongoing: the far side hangs up',
    fn: async ({open}) => {
      const me = await inAVoiceCall(await open());
      await me.far('far-end');
      await me.gone(SEL.ongoing, 6000);
      await me.event('ccCallEnded');
    },
  },
  {
    name: 'ongoing: the network drops → "Reconnecting…" (said), back → the timer again',
    fn: async ({open}) => {
      const me = await inAVoiceCall(await open());
      await me.far('far-drop');
      await me.textIs('.kit-ongoing-call-reconnecting', 'Reconnecting…');
      await me.said('Reconnecting…');
      await me.far('far-restore');
      await me.gone('.kit-ongoing-call-reconnecting');
      await me.said('Connected again');
      await me.visible('.kit-ongoing-call-duration');
      await me.page.click(SEL.ongoingEnd);
      await me.gone(SEL.ongoing);
    },
  },
  {
    name: 'two tabs: Grace calls Linus, Linus accepts, Grace ends',
    timeout: 30000,
    fn: async ({open}) => {
      const grace = await open({user: 'grace'});
      const linus = await open({user: 'linus'});
      expect((await grace.text(SEL.testId('me'))) === 'Grace Hopper', 'tab 1 is not Grace');
      expect((await linus.text(SEL.testId('me'))) === 'Linus Torvalds', 'tab 2 is not Linus');
      await grace.click('call-video-linus');
      await grace.visible(SEL.outgoing);
      await grace.textIs(SEL.outgoingTitle, 'Linus Torvalds');
      await linus.visible(SEL.incoming);
      await linus.textIs(SEL.incomingTitle, 'Grace Hopper');
      await linus.page.click(SEL.accept);
      await linus.visible(SEL.ongoing);
      await grace.visible(SEL.ongoing);
      await grace.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing);
      await linus.gone(SEL.ongoing);
      await grace.event('ccCallEnded');
      await linus.event('ccCallEnded');
    },
  },
  {
    name: 'two tabs: Linus declines Grace',
    timeout: 30000,
    fn: async ({open}) => {
      const grace = await open({user: 'grace'});
      const linus = await open({user: 'linus'});
      await grace.click('call-voice-linus');
      await grace.visible(SEL.outgoing);
      await linus.visible(SEL.incoming);
      await linus.page.click(SEL.reject);
      await linus.gone(SEL.incoming);
      await grace.textIs(SEL.outgoingStatus, 'Call declined');
      await grace.gone(SEL.outgoing, 10000); // The outcome stays 5 s.
      await linus.event('ccCallRejected');
    },
  },
  {
    name: 'call waiting: a second ring shows the banner, its decline leaves the first call',
    fn: async ({open}) => {
      const me = await katherineWaitsWhileAdaRings(open);
      await me.textIs(SEL.waiting, 'Katherine Johnson');
      await me.page.click(SEL.waitingDecline);
      await me.gone(SEL.waiting);
      expect(
        await me.page.isVisible(SEL.incoming),
        'declining the waiting call closed the ringing one',
      );
      await me.textIs(SEL.incomingTitle, 'Ada Lovelace');
      await me.page.click(SEL.accept);
      await me.visible(SEL.ongoing);
      // A decline in the banner is a decline of an incoming call here, like the ringing screen's.
      await me.event('ccCallRejected');
    },
  },
  {
    name: 'busy policy "busy": a second ring is answered busy, no banner',
    fn: async ({open}) => {
      const me = await open();
      await me.click('ring-voice-ada');
      await me.visible(SEL.incoming);
      await me.far('ring-video-katherine');
      await me.page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid="event-log"] li[data-event="Ringing"]').length >=
          2,
        null,
        {timeout: 3000},
      );
      await me.page.waitForTimeout(300);
      expect(
        !(await me.page.isVisible(SEL.waiting)),
        'a call-waiting banner under the busy policy',
      );
      await me.textIs(SEL.incomingTitle, 'Ada Lovelace');
    },
  },
];
