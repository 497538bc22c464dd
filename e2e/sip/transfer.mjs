// Transfer over SIP (REFER), three tabs through Kamailio: Grace hands Linus to Ada. Blind: Linus's kit follows the
// REFER (a new INVITE to Ada, authenticated as any) and tells Grace's by NOTIFY how Ada answered: answered, Grace's
// call ends and Linus and Ada hear each other; declined, Grace gets her call back, still on hold. Attended: Grace calls
// Ada first, then completes: the REFER's Refer-To carries Replaces of Grace's call with Ada, Linus's INVITE replaces
// it at Ada's (answered by her adapter, no ring), and Ada's device ends her call with Grace.
import {SEL, expect} from '../harness.mjs';
import {scan} from '../flows/axe.mjs';
import {answer, bothEnded, ring} from './flows.mjs';
import {energy} from './renegotiation.mjs';

const NOTE = '.kit-ongoing-call-note';

/** Grace transfers Linus to Ada from the Transfer list: Ada's tab rings with Linus calling. */
async function transferAgain({grace, linus, ada}) {
  await grace.page.click('.kit-transfer-toggle');
  await grace.page.locator('.kit-transfer-option', {hasText: 'Ada Lovelace'}).click();
  await grace.textIs(NOTE, 'Transferring to Ada Lovelace…', 8000);
  await ada.visible(SEL.incoming, 15000);
  await ada.textIs(SEL.incomingTitle, 'Linus Torvalds');
  await linus.visible(SEL.outgoing, 8000);
}

/** Three tabs; Grace calls Linus by voice, he answers, and she transfers him to Ada, whose tab rings. */
async function transferToAda(open) {
  const grace = await open('grace');
  const linus = await open('linus');
  const ada = await open('ada');
  await ring(grace, linus);
  await answer(grace, linus);
  await transferAgain({grace, linus, ada});
  return {grace, linus, ada};
}

/** Prints the energy that `tab` hears once above (`loud`) or below 0.01. */
const hears = async (tab, loud, what) =>
  console.log(`    ${what}: ${(await energy(tab, 0.01, loud, what)).toFixed(4)}`);

/** Once handed over: Grace's calls ended, Linus's one call (with Ada) on screen, both hear each other; he hangs up. */
async function linusTalksWithAda({grace, linus, ada}) {
  await grace.gone(SEL.anyScreen, 15000);
  await grace.event('ccCallEnded');
  await linus.gone(SEL.outgoing, 15000);
  await linus.page.waitForFunction(
    () => document.querySelectorAll('.kit-ongoing-call').length === 1,
    null,
    {timeout: 15000},
  );
  await hears(ada, true, 'Ada hears Linus');
  await hears(linus, true, 'Linus hears Ada');
  await linus.page.click(SEL.ongoingEnd);
  await bothEnded(linus, ada);
}

export const transferFlows = [
  {
    name: 'attended transfer over SIP, three tabs: Grace holds Linus, calls Ada first, Ada answers, Grace completes (REFER with Replaces) → Linus and Ada hear each other, no ring at Ada’s, both of Grace’s calls ended',
    timeout: 90000,
    fn: async ({open}) => {
      const grace = await open('grace');
      const linus = await open('linus');
      const ada = await open('ada');
      await ring(grace, linus);
      await answer(grace, linus);
      await grace.page.click('.kit-transfer-toggle');
      await grace.page
        .locator('.kit-transfer-person', {hasText: 'Ada Lovelace'})
        .locator('.kit-transfer-call-first')
        .click();
      await ada.visible(SEL.incoming, 15000);
      await ada.textIs(SEL.incomingTitle, 'Grace Hopper');
      await ada.page.click(SEL.accept);
      await ada.visible(SEL.ongoing, 15000);
      await linus.textIs(SEL.ongoingStatus, 'Grace Hopper put you on hold', 15000);
      const complete =
        '.kit-transfer-complete[aria-label="Transfer Linus Torvalds to Ada Lovelace"]';
      await grace.visible(complete, 15000);
      await grace.page.click(complete);
      // Ada's call with Grace is replaced by one with Linus, on screen at once as an ongoing call.
      await ada.page.waitForFunction(
        () =>
          [...document.querySelectorAll('.kit-ongoing-call-name')]
            .map(name => name.textContent.trim())
            .join() === 'Linus Torvalds',
        null,
        {timeout: 15000},
      );
      expect(
        (await ada.page.locator(SEL.incoming).count()) === 0,
        'Ada’s tab rang for the replacing call',
      );
      await linusTalksWithAda({grace, linus, ada});
    },
  },
  {
    name: 'blind transfer over SIP, three tabs: Grace transfers Linus to Ada (REFER); Ada declines → Grace’s call is given back, still on hold ("Resume"), Linus still with her; Grace resumes, transfers again, Ada accepts → Linus and Ada hear each other, Grace’s call ended',
    timeout: 120000,
    fn: async ({open}) => {
      const {grace, linus, ada} = await transferToAda(open);
      await scan(grace, 'transferring', undefined, '.kit-ongoing-call'); // "Transferring to Ada Lovelace…"
      // A transfer that fails: Ada declines.
      await ada.page.click(SEL.reject);
      await ada.gone(SEL.anyScreen, 8000);
      await grace.textIs(NOTE, 'On hold', 15000); // No longer "Transferring to…".
      await grace.attribute('.kit-hold-toggle', 'aria-label', 'Resume', 8000);
      await linus.gone(SEL.outgoing, 15000);
      await linus.textIs(SEL.ongoingStatus, 'Grace Hopper put you on hold', 8000);
      await grace.page.click('.kit-hold-toggle');
      await hears(linus, true, 'Linus hears Grace again after Resume');
      // Again: Ada accepts.
      await transferAgain({grace, linus, ada});
      await ada.page.click(SEL.accept);
      await ada.visible(SEL.ongoing, 15000);
      await linusTalksWithAda({grace, linus, ada});
    },
  },
];
