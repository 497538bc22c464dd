// An axe-core scan of every screen state in the light, dark and brand themes, wide and ltr, then 320 px and rtl in the
// same page (any violation fails), with a screenshot of each: e2e/screenshots/<screen>[-320-rtl]-<theme>.png, and a
// forced-colours screenshot of each state: <screen>-forced-colors.png.
import AxeBuilder from '@axe-core/playwright';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {SEL} from '../harness.mjs';
import {missedFrom} from './call-log.mjs';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Waits for the entry animations (the finite ones: the ringing pulse loops forever) and two frames. */
export async function settle(page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter(animation => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map(animation => animation.finished.catch(() => {})));
    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

/**
 * Scans the page, or only the elements `include` selects; throws with every violation (rule, impact, targets,
 * summary of the first node). Its screenshot is `<screen>-<theme>.png`, or `<screen>.png` without a theme.
 */
export async function scan(demo, screen, theme, include) {
  await settle(demo.page);
  await demo.page.screenshot({
    path: join(SCREENSHOTS, theme ? `${screen}-${theme}.png` : `${screen}.png`),
    fullPage: screen === 'page',
  });
  const builder = new AxeBuilder({page: demo.page});
  const results = await (include ? builder.include(include) : builder).analyze();
  if (results.violations.length > 0) {
    const lines = results.violations.map(violation => {
      const targets = violation.nodes.map(node => node.target.join(' ')).slice(0, 6);
      const more = violation.nodes.length > 6 ? ` (+${violation.nodes.length - 6} more)` : '';
      const summary = (violation.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim();
      return `${violation.id} [${violation.impact}] ${violation.help}: ${targets.join(' | ')}${more} — ${summary}`;
    });
    throw new Error(`${results.violations.length} axe violation(s)\n${lines.join('\n')}`);
  }
}

/** The screen states, each reached from a fresh tab. */
const STATES = {
  page: async open => open(),
  incoming: async open => {
    const demo = await open();
    await demo.click('ring-video-ada');
    await demo.visible(SEL.incoming);
    return demo;
  },
  outgoing: async open => {
    const demo = await open({state: {answers: {ada: 'never'}}});
    await demo.click('call-video-ada');
    await demo.visible(SEL.outgoing);
    await demo.textIs(SEL.outgoingStatus, 'Ringing');
    return demo;
  },
  'outgoing-declined': async open => {
    const demo = await open();
    await demo.click('call-voice-alan');
    await demo.textIs(SEL.outgoingStatus, 'Call declined', 6000);
    return demo;
  },
  'incoming-cancelled': async open => {
    // The caller's cancel stays on screen for a moment (closeDelay) with the buttons disabled.
    const demo = await open();
    await demo.click('ring-video-ada');
    await demo.visible(SEL.incoming);
    await demo.far('far-cancel');
    await demo.textIs(SEL.incomingStatus, 'The caller hung up');
    return demo;
  },
  'incoming-connecting': async open => {
    // An accept on its way over a slow network (the demo's 10 s delay, set once the call rings: longer than both
    // scans): "Connecting…", accept aria-disabled, decline still live.
    const demo = await open();
    await demo.click('ring-video-ada');
    await demo.visible(SEL.incoming);
    await demo.latency(10_000);
    await demo.page.click(SEL.accept);
    await demo.textIs(SEL.incomingStatus, 'Connecting…');
    await demo.attribute(SEL.accept, 'aria-disabled', 'true');
    return demo;
  },
  'outgoing-failed': async open => {
    // A call start the SDK refuses opens the outgoing screen in its failed state, with "Call again".
    const demo = await open();
    await demo.far('far-fail-initiate');
    await demo.click('call-voice-alan');
    await demo.textIs(SEL.outgoingStatus, 'Call failed');
    await demo.visible(SEL.callAgain);
    return demo;
  },
  'ongoing-ended': async open => {
    // The other side hung up: "Call ended" on screen for a moment, the controls disabled.
    const demo = await open();
    await demo.click('call-voice-ada');
    await demo.visible(SEL.ongoing, 6000);
    await demo.far('far-end');
    await demo.textIs(SEL.ongoingStatus, 'Call ended');
    await demo.attribute(SEL.ongoingEnd, 'aria-disabled', 'true');
    return demo;
  },
  'ongoing-voice': async open => {
    const demo = await open();
    await demo.click('call-voice-ada');
    await demo.visible(SEL.ongoing, 6000);
    return demo;
  },
  'ongoing-video': async open => {
    const demo = await open();
    await demo.click('call-video-ada');
    await demo.visible(SEL.ongoing, 6000);
    return demo;
  },
  'call-waiting': async open => {
    const demo = await open({busyPolicy: 'wait'});
    await demo.click('ring-voice-ada');
    await demo.visible(SEL.incoming);
    await demo.far('ring-video-katherine');
    await demo.visible(SEL.waiting);
    return demo;
  },
  'call-log': async open => {
    // The demo's Recent calls (<kit-call-log>) with a missed call in it, scrolled into view.
    const demo = await open();
    await missedFrom(demo, 'ada');
    await demo.visible('[data-testid="call-log"] .kit-call-log-missed');
    await demo.page.locator('[data-testid="call-log"]').scrollIntoViewIfNeeded();
    return demo;
  },
  'sound-blocked': async open => {
    const demo = await open({query: {ring: 'ada', type: 'audio'}});
    await demo.visible(SEL.incoming);
    await demo.textIs(SEL.incomingStatus, 'Sound is off');
    return demo;
  },
};

export const axeTests = ['light', 'dark', 'brand'].flatMap(theme =>
  Object.entries(STATES).map(([screen, reach]) => ({
    name: `axe + screenshot: ${screen} (${theme}${theme === 'dark' ? '' : '; 320 px, right to left'})`,
    autoplay: screen !== 'sound-blocked',
    // The call log's state waits for a missed call's ending to leave the screen first.
    timeout: screen === 'call-log' ? 40000 : undefined,
    fn: async ({open}) => {
      let demo = await reach(options => open({...options, state: {...options?.state, theme}}));
      const root = await demo.page.getAttribute('html', 'class');
      const themeClass = theme === 'brand' ? 'demo-brand-theme' : `demo-theme-${theme}`;
      if (!root?.includes(themeClass)) {
        throw new Error(`the page is not in the ${theme} theme (html class "${root}")`);
      }
      await scan(demo, screen, theme);
      // The dark theme's colours are the light one's layout: its phone scan adds little to the two others' (CI time).
      if (theme === 'dark') {
        return;
      }
      // The same state, in the same page load (CI time): a 320 px phone, right to left. An outcome screen closes by
      // itself after a moment; when it has gone, the state is reached again so the scan sees it and not the page.
      if (
        !['page', 'call-log'].includes(screen) &&
        (await demo.page.locator(SEL.anyScreen).count()) === 0
      ) {
        demo = await reach(options => open({...options, state: {...options?.state, theme}}));
      }
      await demo.page.setViewportSize({width: 320, height: 640});
      await demo.page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
      await scan(demo, `${screen}-320-rtl`, theme);
      if (theme === 'light') {
        // Forced colours (Windows high contrast): screenshotted for a human eye; axe cannot judge them.
        await demo.page.emulateMedia({forcedColors: 'active'});
        await settle(demo.page);
        await demo.page.screenshot({path: join(SCREENSHOTS, `${screen}-forced-colors.png`)});
      }
    },
  })),
);
