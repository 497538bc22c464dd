// The sound (the autoplay policy, the settings), the broken avatar, and text direction.
import {SEL, expect} from '../harness.mjs';

const CUE = 'Sound is off: tap anywhere to hear the ringtone';

/** Whether the last character of the element's text is drawn after its first one, reading left to right. */
async function endsOnTheRight(page, selector) {
  return page.evaluate(sel => {
    const text = document.querySelector(sel)?.firstChild;
    const box = at => {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + 1);
      return range.getBoundingClientRect();
    };
    const content = text.textContent;
    const first = content.search(/\S/);
    const last = content.length - 1 - [...content].reverse().join('').search(/\S/);
    return box(last).left > box(first).left;
  }, selector);
}

export const pageTests = [
  {
    name: 'right to left: an English status keeps its own direction ("Connecting…", not "…Connecting")',
    fn: async ({open}) => {
      const me = await open({query: {ring: 'ada', type: 'video'}});
      await me.visible(SEL.incoming);
      await me.page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
      await me.latency(3000);
      await me.page.click(SEL.accept);
      await me.textIs(SEL.incomingStatus, 'Connecting…');
      expect(
        await endsOnTheRight(me.page, '.kit-incoming-call-pending-text'),
        'the ellipsis of "Connecting…" is drawn before the word in a right-to-left page',
      );
    },
  },
  {
    name: 'autoplay policy: blocked ringtone, visible cue, sound after the first click',
    autoplay: false, // Chromium's default policy: play() without a user gesture rejects.
    fn: async ({open}) => {
      // The page rings by itself as it loads: no gesture has happened in it.
      const me = await open({query: {ring: 'ada', type: 'video'}});
      await me.visible(SEL.incoming);
      await me.textIs(SEL.incomingStatus, CUE, 5000);
      const cue = await me.page.$(`${SEL.incomingStatus} >> text=${CUE}`);
      expect(cue && (await cue.isVisible()), 'the sound-blocked cue is not visible');
      let sound = await me.sound();
      expect(
        sound.plays.some(play => play.result === 'rejected NotAllowedError'),
        `play() should have been refused: ${JSON.stringify(sound.plays)}`,
      );
      expect(sound.playing === 0, `${sound.playing} sounds play before any gesture`);
      expect(sound.rejections.length === 0, `unhandled rejection: ${sound.rejections[0]}`);
      // The first click anywhere (here on the caller's name, which does nothing else) starts the ringtone.
      await me.page.click(SEL.incomingTitle);
      // Wait for the retried play() to settle: `paused` turns false at once, its promise a moment later.
      await me.page.waitForFunction(
        () =>
          window.__e2e.media.some(media => !media.paused) &&
          window.__e2e.plays.at(-1)?.result !== 'pending',
        null,
        {timeout: 3000},
      );
      sound = await me.sound();
      expect(
        sound.plays.at(-1)?.result === 'resolved',
        `the last play() should have started: ${JSON.stringify(sound.plays)}`,
      );
      await me.page.waitForFunction(
        ([sel, text]) => !document.querySelector(sel)?.textContent?.includes(text),
        [SEL.incomingStatus, CUE],
        {timeout: 3000},
      );
      expect(await me.page.isVisible(SEL.incoming), 'the click ended the ringing screen');
      // The ringtone stops with the call.
      await me.page.click(SEL.accept);
      await me.visible(SEL.ongoing);
      await me.page.waitForFunction(() => window.__e2e.media.every(media => media.paused), null, {
        timeout: 3000,
      });
    },
  },
  {
    name: 'sound off: nothing plays',
    fn: async ({open}) => {
      const me = await open({state: {sound: false}});
      await me.click('ring-voice-ada');
      await me.visible(SEL.incoming);
      await me.page.waitForTimeout(500);
      const sound = await me.sound();
      expect(sound.plays.length === 0, `play() was called: ${JSON.stringify(sound.plays)}`);
      await me.page.click(SEL.reject);
      await me.gone(SEL.incoming);
    },
  },
  {
    name: 'custom ringtone plays the demo chime',
    fn: async ({open}) => {
      const me = await open({state: {customRingtone: true}});
      await me.click('ring-voice-ada');
      await me.visible(SEL.incoming);
      await me.page
        .waitForFunction(
          () =>
            window.__e2e.plays.some(p => p.src.includes('ringtone.wav') && p.result === 'resolved'),
          null,
          {timeout: 3000},
        )
        .catch(async () => {
          throw new Error(`ringtone.wav did not play: ${JSON.stringify((await me.sound()).plays)}`);
        });
    },
  },
  {
    name: 'broken avatar URL: initials instead',
    fn: async ({open}) => {
      const me = await open();
      // In the contact list.
      const row = me.page.locator('demo-contacts li', {hasText: 'Alan Turing'});
      await row.locator('.kit-avatar-initials').waitFor({timeout: 3000});
      expect(
        (await row.locator('.kit-avatar-initials').textContent()).trim() === 'AT',
        'initials not AT',
      );
      expect((await row.locator('img').count()) === 0, 'a broken image stays in the contact list');
      // On the incoming screen.
      await me.click('ring-voice-alan');
      await me.visible(SEL.incoming);
      await me.visible(`${SEL.incoming} .kit-avatar-initials`);
      await me.textIs(`${SEL.incoming} .kit-avatar-initials`, 'AT');
      expect(
        (await me.page.locator(`${SEL.incoming} img.kit-avatar-image`).count()) === 0,
        'a broken image stays on the incoming screen',
      );
      await me.page.click(SEL.reject);
      await me.gone(SEL.incoming);
      // On the outgoing screen.
      await me.click('call-voice-alan');
      await me.visible(`${SEL.outgoing} .kit-avatar-initials`);
      await me.textIs(`${SEL.outgoing} .kit-avatar-initials`, 'AT');
    },
  },
];
