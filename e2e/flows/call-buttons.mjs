// `<kit-call-buttons>` in the demo's contacts (issue 37, item 2): a press places the call (the outgoing screen opens);
// the person's buttons are disabled, with the reason shown and read as their description, while the call is live,
// and enabled again once it is over. Axe finds nothing in the component in the light, dark and brand themes, enabled
// and disabled (a docked call leaves the page usable), and at 320 px no label or reason is cut.
// Screenshots: e2e/screenshots/call-buttons[-disabled][-320]-<theme>.png.
import {SEL, expect} from '../harness.mjs';
import {scan, settle} from './axe.mjs';
import {DOCK, ongoingWithAda} from './dock.mjs';
import {cutTexts} from './languages.mjs';

const ADA = '[data-testid="call-ada"]';

/** What Ada's buttons say: whether each is disabled, the reason, and whether the reason describes them. */
function adaButtons(page) {
  return page.evaluate(host => {
    const buttons = [...document.querySelectorAll(`${host} .kit-call-buttons-button`)];
    const reason = document.querySelector(`${host} .kit-call-buttons-reason`);
    return {
      disabled: buttons.map(button => button.getAttribute('aria-disabled') === 'true'),
      reason: reason?.textContent.trim() ?? null,
      described: buttons.every(b => !!reason && b.getAttribute('aria-describedby') === reason.id),
      names: buttons.map(button => button.getAttribute('aria-label')),
    };
  }, ADA);
}

/** Waits until Ada's buttons are disabled (or enabled again). */
async function adaDisabled(me, disabled) {
  await me.attribute(SEL.testId('call-voice-ada'), 'aria-disabled', disabled ? 'true' : null);
}

export const callButtonsTests = [
  {
    name: 'call buttons: a press calls (the outgoing screen opens), disabled while the call is live',
    timeout: 30000,
    fn: async ({open}) => {
      const me = await open();
      let ada = await adaButtons(me.page);
      expect(
        JSON.stringify(ada.names) === '["Voice call Ada Lovelace","Video call Ada Lovelace"]',
        `Ada's buttons are named ${JSON.stringify(ada.names)}`,
      );
      expect(!ada.disabled.includes(true) && ada.reason === null, `before the call: ${ada}`);

      await me.click('call-video-ada');
      await me.visible(SEL.outgoing);
      await me.textIs(SEL.outgoingTitle, 'Ada Lovelace');
      await adaDisabled(me, true);
      ada = await adaButtons(me.page);
      expect(
        ada.reason === 'Already in a call with Ada Lovelace' && ada.described,
        `while dialing, Ada's buttons say ${JSON.stringify(ada)}`,
      );

      await me.visible(SEL.ongoing, 6000);
      await me.page.click(DOCK.minimize);
      await me.visible(DOCK.docked);
      ada = await adaButtons(me.page);
      expect(
        JSON.stringify(ada.disabled) === '[true,true]' && ada.described,
        `with the call docked, Ada's buttons say ${JSON.stringify(ada)}`,
      );
      const alan = await me.page.getAttribute(SEL.testId('call-voice-alan'), 'aria-disabled');
      expect(
        alan === null,
        `Alan's voice button is aria-disabled="${alan}" during a call with Ada`,
      );
      // A press on a disabled button places no second call (a script click: Playwright waits for an enabled one).
      await me.far('call-voice-ada');
      await settle(me.page);
      expect((await me.page.$$(SEL.outgoing)).length === 0, 'a disabled button placed a call');

      await me.page.click(DOCK.restore);
      await me.page.click(SEL.ongoingEnd);
      await me.gone(SEL.ongoing, 8000);
      await adaDisabled(me, false);
      expect((await adaButtons(me.page)).reason === null, 'the reason stays after the call');
    },
  },
  ...['light', 'dark', 'brand'].map(theme => ({
    name: `call buttons: axe finds nothing in the light, dark or brand theme, none cut at 320 px (${theme})`,
    timeout: 30000,
    fn: async ({open}) => {
      const me = await open({state: {theme}});
      await scan(me, 'call-buttons', theme, 'kit-call-buttons');
      await ongoingWithAda(me);
      await me.page.click(DOCK.minimize);
      await me.visible(DOCK.docked);
      await adaDisabled(me, true);
      await scan(me, 'call-buttons-disabled', theme, 'kit-call-buttons');
      await me.page.setViewportSize({width: 320, height: 640});
      await settle(me.page);
      const cut = await cutTexts(me.page);
      await scan(me, 'call-buttons-disabled-320', theme, 'kit-call-buttons');
      expect(cut.length === 0, `${cut.length} text(s) cut at 320 px\n${cut.join('\n')}`);
    },
  })),
];
