// The language packs (`kit-chat-uikit-angular/i18n`) in the demo, whose `?lang=<tag>` switches the kit with
// provideKitLanguage('<tag>'): a call rings in Arabic, right to left on a page with dir="rtl", and in Japanese
// (screenshots e2e/screenshots/language-incoming-<tag>.png; the Arabic one is the README's right-to-left picture);
// then every pack at 320 px in the brand theme (a 36 px title): the incoming call from Katherine Johnson, the busy
// outcome of a call to her, an ongoing call, and her missed call in the demo's Recent calls (<kit-call-log>), with no
// name and no label cut (a text wider or taller than its box, which the user sees ellipsed or clipped).
// Screenshots: e2e/screenshots/language-<state>-<tag>-320.png.
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {SEL, expect} from '../harness.mjs';
import {settle} from './axe.mjs';
import {missedFrom} from './call-log.mjs';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const LANGUAGES = [
  'ar',
  'de',
  'en',
  'es',
  'fr',
  'he',
  'hi',
  'it',
  'ja',
  'ko',
  'pt-BR',
  'ru',
  'tr',
  'zh-Hans',
];

/** What the incoming screen says in the two languages rung in, as their packs say it. */
const RINGS = {
  ar: {
    dir: 'rtl',
    subtitle: 'مكالمة فيديو واردة',
    accept: 'الرد على مكالمة الفيديو من Ada Lovelace',
  },
  ja: {dir: 'ltr', subtitle: 'ビデオ通話の着信', accept: 'Ada Lovelaceさんからのビデオ通話に応答'},
};

/**
 * The kit's names and labels that a user reads on the screen, each with whether it is cut.
 * @param page The page.
 * @param more Selectors of more texts to check (the group screens' in group-calls.mjs).
 */
export function cutTexts(page, more = []) {
  return page.evaluate(more => {
    const texts = [
      ...more,
      '.kit-incoming-call-title',
      '.kit-incoming-call-subtitle',
      '.kit-incoming-call-status > span',
      '.kit-outgoing-call-title',
      '.kit-outgoing-call-subtitle',
      '.kit-ongoing-call-name',
      '.kit-ongoing-call-status',
      '.kit-call-button-text',
      '.kit-call-log-name',
      '.kit-call-log-kind',
      '.kit-call-log-type',
      '.kit-call-log-time',
      '.kit-call-log-call-back-label',
      '.kit-call-buttons-label',
      '.kit-call-buttons-reason',
    ].flatMap(selector => [...document.querySelectorAll(selector)]);
    return texts
      .filter(element => {
        const rect = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const shown = rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden';
        return shown && !element.closest('.cdk-visually-hidden');
      })
      .filter(
        element =>
          element.scrollWidth > element.clientWidth + 1 ||
          element.scrollHeight > element.clientHeight + 1,
      )
      .map(
        element =>
          `${[...element.classList].find(name => name.startsWith('kit-'))}("${element.textContent
            .trim()
            .slice(
              0,
              40,
            )}") ${element.scrollWidth}/${element.clientWidth}×${element.scrollHeight}/${element.clientHeight}`,
      );
  }, more);
}

/**
 * The four states, reached one after the other in one tab of the demo in `lang` at 320 × 640 in the brand theme (a
 * tab each cost CI a minute in all): each leaves the page as the next one needs it.
 */
const STATES = {
  incoming: async demo => {
    await demo.far('ring-video-katherine');
    await demo.visible(SEL.accept);
  },
  'call-log': async demo => {
    // The video call just rung is missed (the caller hung up), and a voice one after it: both kinds in the log.
    await demo.far('far-cancel');
    await demo.gone(SEL.incoming, 10000);
    await missedFrom(demo, 'katherine');
    await demo.page
      .locator('[data-testid="call-log"] .kit-call-log-missed')
      .first()
      .scrollIntoViewIfNeeded();
  },
  ongoing: async demo => {
    await demo.click('call-voice-ada');
    await demo.visible(SEL.ongoingEnd, 6000);
  },
  busy: async demo => {
    // The call above ends, and its screen closes after its moment of "Call ended".
    await demo.page.click(SEL.ongoingEnd);
    await demo.gone(SEL.anyScreen, 10000);
    await demo.click('call-video-katherine');
    await demo.visible(SEL.callAgain, 8000);
  },
};

const ringTests = Object.entries(RINGS).map(([lang, want]) => ({
  name: `languages: a call rings in ${lang === 'ar' ? 'Arabic, right to left' : 'Japanese'}`,
  timeout: 30000,
  fn: async ({open}) => {
    const demo = await open({query: {lang}});
    const page = await demo.page.evaluate(() => ({
      dir: document.documentElement.dir,
      lang: document.documentElement.lang,
    }));
    expect(page.dir === want.dir && page.lang === lang, `the page is ${JSON.stringify(page)}`);
    await demo.click('ring-video-ada');
    await demo.visible(SEL.accept);
    await demo.textIs('.kit-incoming-call-subtitle', want.subtitle);
    await demo.attribute(SEL.accept, 'aria-label', want.accept);
    await settle(demo.page);
    await demo.page.screenshot({path: join(SCREENSHOTS, `language-incoming-${lang}.png`)});
    // Right to left, the screen is mirrored: Accept is on the left of Decline, as the user reads it first.
    const [accept, decline] = await Promise.all(
      [SEL.accept, SEL.reject].map(selector =>
        demo.page.$eval(selector, element => element.getBoundingClientRect().left),
      ),
    );
    const mirrored = accept < decline;
    expect(
      mirrored === (want.dir === 'rtl'),
      `Accept is on the ${mirrored ? 'left' : 'right'} of Decline in a ${want.dir} language`,
    );
  },
}));

const narrowTests = LANGUAGES.map(lang => ({
  name: `languages: ${lang} at 320 px in the brand theme, no name or label cut (incoming, call log, ongoing, busy)`,
  timeout: 45000,
  fn: async ({open}) => {
    const found = [];
    const demo = await open({query: {lang}, state: {theme: 'brand'}});
    await demo.page.setViewportSize({width: 320, height: 640});
    for (const [state, reach] of Object.entries(STATES)) {
      await reach(demo);
      await settle(demo.page);
      await demo.page.screenshot({path: join(SCREENSHOTS, `language-${state}-${lang}-320.png`)});
      found.push(...(await cutTexts(demo.page)).map(line => `${state}: ${line}`));
    }
    expect(found.length === 0, `${found.length} text(s) cut\n${found.join('\n')}`);
  },
}));

export const languageTests = [...ringTests, ...narrowTests];
