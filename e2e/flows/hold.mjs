// Hold and resume (withHold(), issue 36), on the demo's in-memory SDK with media: two tabs, Grace and Linus, in a
// call; Grace holds it (her button pressed, "On hold" after her time, which goes on), Linus reads "Grace Hopper put
// you on hold", then Grace resumes and both lines go. The far side panel's hold works the same way. Each held state is
// scanned by axe (the screenshots hold-held and hold-held-by-peer).
import {SEL, expect} from '../harness.mjs';
import {scan} from './axe.mjs';
import {katherineWaitsWhileAdaRings} from './calls.mjs';

const HOLD = '.kit-hold-toggle';
const STATUS = '.kit-ongoing-call-status';
const DURATION = '.kit-ongoing-call-duration';

/** Grace calls Linus from the other tab, by voice, and he accepts: both ongoing. */
async function graceAndLinus(open) {
  const linus = await open({user: 'linus'});
  const grace = await open({user: 'grace'});
  await grace.click('call-voice-linus');
  await linus.visible(SEL.incoming, 8000);
  await linus.page.click(SEL.accept);
  await linus.visible(SEL.ongoing, 8000);
  await grace.visible(SEL.ongoing, 8000);
  return {grace, linus};
}

/** The duration shown now, in seconds. */
async function seconds(demo) {
  const [minutes, secs] = (await demo.text(DURATION)).split(':').map(Number);
  return minutes * 60 + secs;
}

export const holdTests = [
  {
    name: 'hold: Grace holds, Linus reads "Grace Hopper put you on hold", the time goes on; Grace resumes',
    timeout: 40000,
    fn: async ({open}) => {
      const {grace, linus} = await graceAndLinus(open);
      await grace.attribute(HOLD, 'aria-label', 'Hold');
      const box = await grace.page.locator(HOLD).boundingBox();
      expect(box.width >= 44 && box.height >= 44, `the hold button is ${box.width}x${box.height}`);
      await grace.page.click(HOLD);
      await grace.attribute(HOLD, 'aria-label', 'Resume');
      await grace.textIs(STATUS, 'On hold');
      await grace.said('On hold');
      await linus.textIs(STATUS, 'Grace Hopper put you on hold', 8000);
      await linus.said('Grace Hopper put you on hold');
      await linus.attribute(HOLD, 'aria-label', 'Hold');
      const before = await seconds(grace);
      await grace.page.waitForTimeout(2100);
      expect((await seconds(grace)) > before, 'the time stood still while held');
      await scan(grace, 'hold-held', undefined, '.kit-ongoing-call');
      await scan(linus, 'hold-held-by-peer', undefined, '.kit-ongoing-call');

      await grace.page.click(HOLD);
      await grace.attribute(HOLD, 'aria-label', 'Hold');
      await grace.said('Call resumed');
      await linus.said('Call resumed');
      expect(!(await grace.text(STATUS)).includes('On hold'), 'Grace still reads On hold');
      expect(!(await linus.text(STATUS)).includes('on hold'), 'Linus still reads he is held');
      await grace.page.click(SEL.ongoingEnd);
      await linus.gone(SEL.ongoing, 8000);
    },
  },
  {
    name: 'hold: the far side (Ada, simulated) holds and resumes from the far side panel',
    timeout: 30000,
    fn: async ({open}) => {
      const grace = await open({user: 'grace'});
      await grace.click('call-voice-ada');
      await grace.visible(SEL.ongoing, 8000);
      await grace.far('far-hold');
      await grace.textIs(STATUS, 'Ada Lovelace put you on hold');
      await grace.far('far-resume');
      await grace.said('Call resumed');
    },
  },
  {
    name: 'hold and accept: Katherine waits, the user holds Ada for her, switches twice, ends one, resumes the other',
    timeout: 40000,
    fn: async ({open}) => {
      const me = await katherineWaitsWhileAdaRings(open);
      await me.page.click(SEL.accept);
      await me.visible(SEL.ongoing);
      // The screen on top, its name and its hold button; the one behind is inert.
      const front = () =>
        me.page.evaluate(() => {
          const hosts = [...document.querySelectorAll('.cdk-overlay-pane')].map(
            pane => pane.parentElement,
          );
          const top = hosts.at(-1);
          return {
            screens: hosts.length,
            inert: hosts.map(host => host.inert).join(),
            title: top?.querySelector('.kit-ongoing-call-name')?.textContent?.trim(),
            hold: top?.querySelector('.kit-hold-toggle')?.getAttribute('aria-label'),
            bar: top?.querySelector('.kit-held-call')?.textContent?.replace(/\s+/g, ' ').trim(),
          };
        });
      const expectFront = async (want, what) => {
        try {
          await me.page.waitForFunction(
            wanted => {
              const hosts = [...document.querySelectorAll('.cdk-overlay-pane')].map(
                pane => pane.parentElement,
              );
              const top = hosts.at(-1);
              return (
                hosts.length === wanted.screens &&
                top?.querySelector('.kit-ongoing-call-name')?.textContent?.trim() ===
                  wanted.title &&
                top?.querySelector('.kit-hold-toggle')?.getAttribute('aria-label') ===
                  wanted.hold &&
                (wanted.inert === undefined ||
                  hosts.map(host => host.inert).join() === wanted.inert)
              );
            },
            want,
            {timeout: 8000},
          );
        } catch {
          throw new Error(`${what}: ${JSON.stringify(await front())}`);
        }
      };
      await me.page.click('.kit-call-waiting-hold-and-accept');
      // The screen behind goes inert once the one in front is painted: wait for that too.
      await expectFront(
        {screens: 2, title: 'Katherine Johnson', hold: 'Hold', inert: 'true,false'},
        'hold and accept (the held call behind, inert)',
      );
      let now = await front();
      expect(/Ada Lovelace.*On hold.*Switch/.test(now.bar), `the bar reads ${now.bar}`);
      await scan(me, 'hold-and-accept', undefined, '.cdk-overlay-container');

      await me.page.click('.kit-held-call-switch');
      await expectFront({screens: 2, title: 'Ada Lovelace', hold: 'Hold'}, 'first switch');
      now = await front();
      expect(/Katherine Johnson.*On hold/.test(now.bar), `the bar reads ${now.bar}`);
      await me.expectFocus('.kit-held-call-switch', 'Switch, in the call now in front');
      await me.page.keyboard.press('Enter');
      await expectFront({screens: 2, title: 'Katherine Johnson', hold: 'Hold'}, 'second switch');

      // Katherine's call ends: Ada's screen is left, on hold, its Resume focused.
      await me.page.locator('.cdk-overlay-pane').last().locator(SEL.ongoingEnd).click();
      await expectFront({screens: 1, title: 'Ada Lovelace', hold: 'Resume'}, 'the held call left');
      await me.expectFocus('.kit-hold-toggle', 'Resume');
      await me.page.keyboard.press('Enter');
      await me.attribute('.kit-hold-toggle', 'aria-label', 'Hold', 8000);
      await me.said('Call resumed');
    },
  },
  {
    name: 'transfer: Grace hands Ada to Alan; he declines → her call is back on hold (Resume); he answers → it ends',
    timeout: 40000,
    fn: async ({open}) => {
      const grace = await open({user: 'grace', state: {answers: {alan: 'reject'}}});
      await grace.click('call-voice-ada');
      await grace.visible(SEL.ongoing, 8000);
      await grace.attribute('.kit-transfer-toggle', 'aria-expanded', 'false');
      await grace.page.click('.kit-transfer-toggle');
      await grace.visible('.kit-transfer-list');
      const offered = await grace.page.$$eval('.kit-transfer-option', options =>
        options.map(option => option.textContent.trim()),
      );
      expect(!offered.includes('Ada Lovelace'), `the list offers the call's own Ada: ${offered}`);
      await scan(grace, 'transfer-list', undefined, '.kit-ongoing-call');
      await grace.page.click('.kit-transfer-option:has-text("Alan Turing")');
      // Alan declines: the call comes back, on hold, with Resume.
      await grace.attribute(HOLD, 'aria-label', 'Resume', 8000);
      await grace.textIs(STATUS, 'On hold', 8000);
      await grace.page.click(HOLD);
      await grace.attribute(HOLD, 'aria-label', 'Hold', 8000);

      // Now Alan answers (the far side panel's rule), and Grace's call ends.
      await grace.page.evaluate(() => {
        const select = document.querySelector('[data-testid="answer-alan"]');
        select.value = 'accept';
        select.dispatchEvent(new Event('change'));
      });
      await grace.page.click('.kit-transfer-toggle');
      await grace.page.click('.kit-transfer-option:has-text("Alan Turing")');
      await grace.gone(SEL.ongoing, 15000);
      await grace.event('ccCallEnded');
    },
  },
  {
    name: 'attended transfer: Grace calls Alan first; he declines → Ada is back on hold; he answers, she completes → both calls end',
    timeout: 40000,
    fn: async ({open}) => {
      const grace = await open({user: 'grace', state: {answers: {alan: 'reject'}}});
      const callAlanFirst = async () => {
        await grace.page.click('.kit-transfer-toggle');
        await grace.page.click('.kit-transfer-call-first[aria-label="Call Alan Turing first"]');
      };
      await grace.click('call-voice-ada');
      await grace.visible(SEL.ongoing, 8000);
      // Alan declines: his screen goes, and Ada is back on hold, alone on screen.
      await callAlanFirst();
      await grace.visible(SEL.outgoing, 8000);
      await grace.gone(SEL.outgoing, 15000);
      await grace.attribute(HOLD, 'aria-label', 'Resume', 8000);
      expect((await grace.page.$$(SEL.ongoing)).length === 1, 'more than Ada left on screen');

      // Alan answers: his screen offers "Complete transfer", Ada held in the bar above; Grace completes by keyboard.
      await grace.page.evaluate(() => {
        const select = document.querySelector('[data-testid="answer-alan"]');
        select.value = 'accept';
        select.dispatchEvent(new Event('change'));
      });
      await callAlanFirst();
      const complete = '.kit-transfer-complete[aria-label="Transfer Ada Lovelace to Alan Turing"]';
      await grace.visible(complete, 15000);
      await grace.textIs('.kit-held-call', 'Ada Lovelace');
      await scan(grace, 'transfer-complete', undefined, '.kit-ongoing-call');
      await grace.page.focus(complete);
      await grace.page.keyboard.press('Enter');
      await grace.gone(SEL.ongoing, 15000);
      await grace.event('ccCallEnded');
    },
  },
];
