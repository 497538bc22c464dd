// The layout of every screen state at 320, 390 and 1280 px: no control or text of the kit on top of another (the
// buttons, names, status lines, the waiting banner and the screen's top bar), no text cut, every button at least
// 44 × 44 px, and the control row's gaps even (within 2 px). On a phone (320 and 390 px) Accept and Decline are
// round, with their labels below. Screenshots: e2e/screenshots/layout-<state>-<width>.png.
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {SEL, expect} from '../harness.mjs';
import {settle} from './axe.mjs';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const WIDTHS = [320, 390, 1280];
const HEIGHT = {320: 640, 390: 844, 1280: 800};

/** A video call with Ada, both videos on screen and playing: the far side's and the self view. */
export async function videoCall(demo) {
  await demo.click('call-video-ada');
  await demo.visible(SEL.ongoingEnd, 6000);
  await demo.page.waitForFunction(
    () =>
      ['.kit-ongoing-call-remote-video', '.kit-ongoing-call-local-video'].every(
        sel => document.querySelector(sel)?.readyState >= 2,
      ),
    null,
    {timeout: 8000},
  );
  return demo;
}

/** The states, each reached from a fresh tab at its width; each resolves once the state is on screen. */
const STATES = {
  incoming: async open => {
    const demo = await open();
    await demo.click('ring-video-ada');
    await demo.visible(SEL.accept);
    return demo;
  },
  outgoing: async open => {
    const demo = await open({state: {answers: {ada: 'never'}}});
    await demo.click('call-video-ada');
    await demo.textIs(SEL.outgoingStatus, 'Ringing');
    return demo;
  },
  outcome: async open => {
    const demo = await open({query: {ringTimeout: 2500}, state: {answers: {ada: 'never'}}});
    await demo.click('call-video-ada');
    await demo.textIs(SEL.outgoingStatus, 'No answer', 8000);
    await demo.visible(SEL.callAgain);
    return demo;
  },
  'ongoing-voice': async open => {
    const demo = await open();
    await demo.click('call-voice-ada');
    await demo.visible(SEL.ongoingEnd, 6000);
    return demo;
  },
  'ongoing-video': async open => videoCall(await open()),
  // The banner of a second call over a full-bleed video: the far side's name stays clear of it.
  'call-waiting-video': async open => {
    const demo = await videoCall(await open({busyPolicy: 'wait'}));
    await demo.far('ring-video-katherine');
    await demo.visible(SEL.waitingEndAndAccept);
    return demo;
  },
  'call-waiting': async open => {
    const demo = await open({busyPolicy: 'wait'});
    await demo.click('call-voice-ada');
    await demo.visible(SEL.ongoingEnd, 6000);
    await demo.far('ring-video-katherine');
    await demo.visible(SEL.waitingEndAndAccept);
    return demo;
  },
  docked: async open => {
    const demo = await open();
    await demo.click('call-voice-ada');
    await demo.visible(SEL.ongoingEnd, 6000);
    await demo.page.click('.kit-call-dock-minimize');
    await demo.visible('.kit-call-overlay-pane-docked .kit-call-dock-restore');
    return demo;
  },
};

/** Measures the kit's parts on the page: boxes of the buttons and texts, cut texts, small buttons, row gaps. */
function measure(page) {
  return page.evaluate(() => {
    const visible = (element, hiddenToo = false) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        rect.width > 0 &&
        rect.height > 0 &&
        style.visibility !== 'hidden' &&
        Number(style.opacity) > 0 &&
        (hiddenToo || !element.closest('[aria-hidden="true"]:not(.kit-call-button-text)'))
      );
    };
    const name = element => {
      const label = element.getAttribute('aria-label') || element.textContent.trim().slice(0, 30);
      return `${[...element.classList].find(c => c.startsWith('kit-')) ?? element.tagName}("${label}")`;
    };
    const kit =
      '.kit-incoming-call, .kit-outgoing-call, .kit-ongoing-call, .kit-call-waiting, .kit-call-dock';
    const roots = [...document.querySelectorAll(kit)];
    const inKit = element => roots.some(root => root.contains(element));
    const buttons = [...document.querySelectorAll('button')].filter(b => inKit(b) && visible(b));
    const texts = [
      '.kit-incoming-call-title',
      '.kit-incoming-call-subtitle',
      '.kit-incoming-call-status > span',
      '.kit-outgoing-call-title',
      '.kit-outgoing-call-subtitle',
      '.kit-ongoing-call-name',
      '.kit-ongoing-call-status',
      '.kit-call-waiting-text',
      '.kit-call-button-label-below > .kit-call-button-text',
      '.kit-incoming-call-button > .kit-call-button-text',
    ].flatMap(sel => [...document.querySelectorAll(sel)].filter(visible));
    const pictures = [
      ...document.querySelectorAll(
        '.kit-ongoing-call-local-video, .kit-avatar:not(.kit-avatar-backdrop), .kit-call-waiting',
      ),
    ];
    const parts = [...buttons, ...texts, ...pictures.filter(p => inKit(p) && visible(p, true))]
      .filter(p => visible(p, true))
      // A part's own label, or a button's icon: never counted against the part that holds it.
      .map(element => ({element, rect: element.getBoundingClientRect()}));
    const overlaps = [];
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const [a, b] = [parts[i], parts[j]];
        if (a.element.contains(b.element) || b.element.contains(a.element)) {
          continue;
        }
        const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (x > 1 && y > 1) {
          overlaps.push(
            `${name(a.element)} × ${name(b.element)} (${Math.round(x)}×${Math.round(y)})`,
          );
        }
      }
    }
    const cut = texts
      .filter(t => t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1)
      .map(t => `${name(t)} ${t.scrollWidth}/${t.clientWidth}×${t.scrollHeight}/${t.clientHeight}`);
    const offscreen = parts
      .filter(
        p =>
          p.rect.left < -1 ||
          p.rect.right > innerWidth + 1 ||
          p.rect.top < -1 ||
          p.rect.bottom > innerHeight + 1,
      )
      .map(p => name(p.element));
    const small = buttons
      .map(b => ({b, r: b.getBoundingClientRect()}))
      .filter(({r}) => r.width < 44 - 0.5 || r.height < 44 - 0.5)
      .map(({b, r}) => `${name(b)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    const rows = [
      ...document.querySelectorAll('.kit-ongoing-call-controls, .kit-incoming-call-trailing'),
    ]
      .filter(visible)
      .map(row => {
        // One slot per control: a screen's buttons and the parts features add (the device pickers).
        const slots = [...row.children]
          .map(c => (c.matches('button') ? c : c.querySelector('button')))
          .filter(b => b && visible(b))
          .map(c => c.getBoundingClientRect())
          .sort((a, b) => a.left - b.left);
        const gaps = [];
        for (let i = 1; i < slots.length; i++) {
          // Same line only: a wrapped row has no gap between its lines' ends.
          if (Math.abs(slots[i].top - slots[i - 1].top) < 8) {
            gaps.push(Math.round(slots[i].left - slots[i - 1].right));
          }
        }
        return gaps;
      });
    // Accept and Decline on a phone: a circle, its label under it.
    const round = [...document.querySelectorAll('.kit-incoming-call-button')]
      .filter(b => visible(b) && innerWidth <= 480)
      .map(b => ({r: b.getBoundingClientRect(), label: b.querySelector('.kit-call-button-text')}))
      .filter(({r, label}) => {
        const l = label.getBoundingClientRect();
        return Math.abs(r.width - r.height) > 1 || !visible(label) || l.top < r.bottom;
      })
      .map(
        ({r, label}) =>
          `${label.textContent.trim()} ${Math.round(r.width)}×${Math.round(r.height)}`,
      );
    return {overlaps, cut, offscreen, small, rows, round, count: parts.length};
  });
}

/** Every problem of the state at this width, as lines. */
async function problems(demo) {
  const m = await measure(demo.page);
  const lines = [
    ...m.overlaps.map(o => `overlap: ${o}`),
    ...m.cut.map(c => `cut: ${c}`),
    ...m.offscreen.map(o => `off screen: ${o}`),
    ...m.small.map(s => `under 44×44: ${s}`),
    ...m.round.map(r => `not round with its label below: ${r}`),
    ...m.rows
      .filter(gaps => gaps.length > 1 && Math.max(...gaps) - Math.min(...gaps) > 2)
      .map(gaps => `uneven gaps: ${gaps.join('/')} px`),
  ];
  expect(m.count > 0, 'no part of the kit on the page');
  return lines;
}

export const layoutTests = Object.entries(STATES).map(([state, reach]) => ({
  name: `layout: ${state} at ${WIDTHS.join(', ')} px, nothing on top of anything, nothing cut, 44 px targets`,
  timeout: 40000,
  fn: async ({open}) => {
    const found = [];
    for (const width of WIDTHS) {
      const demo = await reach(async options => {
        const page = await open(options);
        await page.page.setViewportSize({width, height: HEIGHT[width]});
        return page;
      });
      // Entry animations done and two frames drawn: the boxes are the ones a user sees.
      await settle(demo.page);
      await demo.page.screenshot({path: join(SCREENSHOTS, `layout-${state}-${width}.png`)});
      found.push(...(await problems(demo)).map(line => `${width} px: ${line}`));
      await demo.page.close();
    }
    expect(found.length === 0, `${found.length} layout problem(s)\n${found.join('\n')}`);
  },
}));
