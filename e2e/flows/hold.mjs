// Hold and resume (withHold(), issue 36), on the demo's in-memory SDK with media: two tabs, Grace and Linus, in a
// call; Grace holds it (her button pressed, "On hold" after her time, which goes on), Linus reads "Grace Hopper put
// you on hold", then Grace resumes and both lines go. The far side panel's hold works the same way. Each held state is
// scanned by axe (the screenshots hold-held and hold-held-by-peer).
import {SEL, expect} from '../harness.mjs';
import {scan} from './axe.mjs';

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
];
