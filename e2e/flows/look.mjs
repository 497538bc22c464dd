// The look of the ringing screens, next to a phone's own: the outcome of a call that is over (an icon, its colour
// and a larger line, "Call again" in the place of end call for long enough to press it), the blurred copy of the
// avatar behind both ringing screens, the calm pulse that stops under reduced motion, and the light look that
// `kit.call-screens-light()` gives (axe clean, at 1280 px and at 320 px right to left). Each test leaves a
// screenshot in e2e/screenshots/look-*.png (the light look's: light-*.png, in the README's strip).
import AxeBuilder from '@axe-core/playwright';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {compileString} from 'sass';
import {SEL, expect} from '../harness.mjs';
import {settle} from './axe.mjs';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const LIBRARY = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'projects',
  'kit-chat-uikit-angular',
);

/** The light look as an app writes it: `html { @include kit.call-screens-light(); }`, compiled from the sources. */
const LIGHT_LOOK = compileString(`@use 'src' as kit; html { @include kit.call-screens-light(); }`, {
  loadPaths: [LIBRARY, join(LIBRARY, '..', '..', 'node_modules')],
}).css;

/** Fails with every axe violation on the page. */
async function expectAxeClean(demo, where) {
  const {violations} = await new AxeBuilder({page: demo.page}).analyze();
  const lines = violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(' | ')}`);
  expect(
    violations.length === 0,
    `${where}: ${violations.length} axe violation(s)\n${lines.join('\n')}`,
  );
}

const OUTCOME = '.kit-outgoing-call-ended .kit-outgoing-call-subtitle';

/** What a user sees of a line: its font size, colour, background, and whether it carries an icon. */
function lineStyle(demo, selector) {
  return demo.page.$eval(selector, element => {
    const style = getComputedStyle(element);
    return {
      fontSize: parseFloat(style.fontSize),
      color: style.color,
      background: style.backgroundColor,
      icon: !!element.querySelector('.kit-icon svg'),
    };
  });
}

/** The outcome stands out from the "Ringing…" line, and no end call is left on a call that is over. */
async function expectOutcome(demo, calling, text) {
  await demo.textIs(OUTCOME, text, 8000);
  const outcome = await lineStyle(demo, OUTCOME);
  expect(outcome.icon, `"${text}" has no icon`);
  expect(
    outcome.fontSize > calling.fontSize,
    `"${text}" is not larger than "Ringing…" (${outcome.fontSize} against ${calling.fontSize} px)`,
  );
  expect(
    outcome.color !== calling.color && outcome.background !== calling.background,
    `"${text}" has the colours of "Ringing…" (${outcome.color} on ${outcome.background})`,
  );
  expect(
    (await demo.page.locator(SEL.outgoingEnd).count()) === 0,
    'a dead end-call button stays on a call that is over',
  );
  await demo.expectFocus(SEL.callAgain, '"Call again"');
}

/** Where an element is drawn, and what of it shows. */
function box(demo, selector) {
  return demo.page.$eval(selector, element => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      width: Math.round(rect.width),
      height: Math.round(rect.height),
      opacity: Number(style.opacity),
      background: style.backgroundImage,
    };
  });
}

/** The blurred copy of the avatar fills the screen behind its content, and shows. */
async function expectBackdrop(demo, screen) {
  const backdrop = await box(demo, `${screen} .kit-avatar-backdrop`);
  const whole = await box(demo, screen);
  expect(
    backdrop.width === whole.width && backdrop.height === whole.height,
    `the backdrop (${backdrop.width}×${backdrop.height}) does not fill ${screen} (${whole.width}×${whole.height})`,
  );
  expect(backdrop.opacity > 0 && backdrop.opacity < 1, `backdrop opacity ${backdrop.opacity}`);
  expect(
    backdrop.background.includes('gradient'),
    `no gradient of the name: ${backdrop.background}`,
  );
}

/** The animation of the ringing avatar, once it is on screen. */
function animationOf(demo, selector) {
  return demo.page.$eval(selector, element => getComputedStyle(element).animationName);
}

export const lookTests = [
  {
    name: 'look: the outcome "Call declined" stands out, "Call again" in the place of end call',
    fn: async ({open}) => {
      const me = await open(); // Alan declines after a moment.
      await me.click('call-voice-alan');
      await me.textIs(SEL.outgoingStatus, 'Ringing');
      const calling = await lineStyle(me, SEL.outgoingStatus);
      await expectOutcome(me, calling, 'Call declined');
      await me.page.screenshot({path: join(SCREENSHOTS, 'look-declined.png')});
    },
  },
  {
    name: 'look: "No answer" keeps "Call again" after 2 s, and it places the call again',
    timeout: 30000,
    fn: async ({open}) => {
      const me = await open({query: {ringTimeout: 2500}, state: {answers: {ada: 'never'}}});
      await me.click('call-video-ada');
      await me.textIs(SEL.outgoingStatus, 'Ringing');
      const calling = await lineStyle(me, SEL.outgoingStatus);
      await expectOutcome(me, calling, 'No answer');
      // The time is what is tested here: the outcome used to leave after 2 s, before a hand reached the button.
      await me.page.waitForTimeout(2200);
      expect(await me.page.isVisible(SEL.callAgain), '"Call again" left within 2 s');
      await me.page.screenshot({path: join(SCREENSHOTS, 'look-no-answer.png')});
      await me.page.click(SEL.callAgain);
      await me.textIs(SEL.outgoingStatus, 'Ringing');
      await me.visible(SEL.outgoingEnd);
      await me.page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid="event-log"] li[data-event="ccOutgoingCall"]')
            .length >= 2,
        null,
        {timeout: 5000},
      );
    },
  },
  {
    name: 'look: a blurred copy of the avatar behind both ringing screens',
    fn: async ({open}) => {
      const me = await open({state: {answers: {ada: 'never'}}});
      await me.click('ring-video-ada');
      await me.visible(SEL.incoming);
      await expectBackdrop(me, SEL.incoming);
      await me.page.screenshot({path: join(SCREENSHOTS, 'look-backdrop-incoming.png')});
      await me.page.click(SEL.reject);
      await me.gone(SEL.incoming);
      await me.click('call-video-ada');
      await me.visible(SEL.outgoing);
      await expectBackdrop(me, SEL.outgoing);
      await me.page.screenshot({path: join(SCREENSHOTS, 'look-backdrop-outgoing.png')});
    },
  },
  {
    name: 'look: the ringing pulse, and none under reduced motion',
    fn: async ({open}) => {
      const me = await open({state: {answers: {ada: 'never'}}});
      const incoming = `${SEL.incoming} .kit-incoming-call-avatar`;
      const outgoing = `${SEL.outgoing} .kit-outgoing-call-avatar-image`;
      await me.click('ring-voice-ada');
      await me.visible(SEL.incoming);
      const pulse = await animationOf(me, incoming);
      expect(pulse === 'kit-avatar-pulse', `the ringing avatar does not pulse: ${pulse}`);
      await me.page.emulateMedia({reducedMotion: 'reduce'});
      expect(
        (await animationOf(me, incoming)) === 'none',
        'the incoming avatar pulses under reduced motion',
      );
      await me.page.screenshot({path: join(SCREENSHOTS, 'look-reduced-motion.png')});
      await me.page.click(SEL.reject);
      await me.gone(SEL.incoming);
      await me.click('call-voice-ada');
      await me.visible(SEL.outgoing);
      expect(
        (await animationOf(me, outgoing)) === 'none',
        'the outgoing avatar pulses under reduced motion',
      );
      await me.page.emulateMedia({reducedMotion: 'no-preference'});
      const dialing = await animationOf(me, outgoing);
      expect(dialing === 'kit-avatar-pulse', `the dialing avatar does not pulse: ${dialing}`);
    },
  },
  {
    name: 'look: the light look (kit.call-screens-light()), incoming and ongoing, axe clean wide and at 320 px rtl',
    timeout: 40000,
    fn: async ({open}) => {
      const states = {
        incoming: async me => {
          await me.click('ring-video-ada');
          await me.visible(SEL.accept);
        },
        ongoing: async me => {
          await me.click('call-voice-ada');
          await me.visible(SEL.ongoingEnd, 6000);
        },
      };
      for (const [state, reach] of Object.entries(states)) {
        const me = await open();
        await me.page.addStyleTag({content: LIGHT_LOOK});
        await reach(me);
        const screen = state === 'incoming' ? SEL.incoming : SEL.ongoing;
        // The page's own surface, not the immersive dark one: dark text on a light background.
        const [text, background] = await me.page.$eval(screen, element => {
          const style = getComputedStyle(element);
          const sum = color =>
            color
              .match(/\d+/g)
              .slice(0, 3)
              .reduce((a, b) => a + Number(b), 0);
          return [sum(style.color), sum(style.backgroundColor)];
        });
        expect(
          text < 150 && background > 600,
          `${state} is not light: text ${text}, surface ${background}`,
        );
        await settle(me.page);
        await me.page.screenshot({path: join(SCREENSHOTS, `light-${state}.png`)});
        await expectAxeClean(me, `${state}, light look`);
        await me.page.setViewportSize({width: 320, height: 640});
        await me.page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
        await settle(me.page);
        await me.page.screenshot({path: join(SCREENSHOTS, `light-${state}-320-rtl.png`)});
        await expectAxeClean(me, `${state}, light look, 320 px rtl`);
        await me.page.close();
      }
    },
  },
];
