// A group call over SIP with its media through Janus (issue 35): three tabs of the demo through a Kamailio with the
// room hook (`--group-hook`, tools/janus/group-rooms.mjs) and a Janus started by tools/janus/janus.sh. Grace calls the
// Team by video: each member is rung by an INVITE of their own; Alan declines (his chip on Grace's screen), Katherine
// has no tab (her INVITE finds nobody: no answer), Ada accepts. Grace and Ada then see and hear each other through
// the room on Janus (each tile's frames advance, its audio has energy), never browser to browser. Ada hangs up: Grace
// is left alone, and her call ends.
import {SEL, expect} from '../harness.mjs';

const WAIT = 20000;
const GROUP = {
  title: '.kit-group-call-title',
  chip: status => `.kit-group-call-chip-${status}`,
  tile: '.kit-group-call-tile:not(.kit-group-call-tile-self)',
};

/** Waits until the tab's screen shows a chip of this status that reads `text`. */
async function expectChip(tab, text, status) {
  try {
    await tab.page.waitForFunction(
      ([selector, want]) =>
        [...document.querySelectorAll(selector)].some(chip => chip.textContent.includes(want)),
      [GROUP.chip(status), text],
      {timeout: WAIT},
    );
  } catch {
    const chips = await tab.page.$$eval('.kit-group-call-chip', items =>
      items.map(chip => chip.textContent.replace(/\s+/g, ' ').trim()),
    );
    throw new Error(`${tab.who}: no chip "${text}" (${status}): ${chips.join(' | ') || 'none'}`);
  }
}

/**
 * In the page: whether the far tile of `name` plays what it receives, its frames advancing and its audio loud; the
 * peak RMS, or why not.
 */
async function tilePlays(name) {
  const tile = [...document.querySelectorAll('.kit-group-call-tile')].find(
    each => each.querySelector('.kit-group-call-tile-name')?.textContent.trim() === name,
  );
  const video = tile?.querySelector('video');
  const stream = video?.srcObject;
  if (!stream?.getVideoTracks().length || !stream.getAudioTracks().length) {
    return `${name}: no tile with video and audio`;
  }
  const frame = () =>
    new Promise(done => {
      video.requestVideoFrameCallback((_, meta) => done(meta.presentedFrames));
      setTimeout(() => done(null), 3000);
    });
  // Received through the room: the connection that carries it has Janus's SDP (its streams are Janus's: "WMS
  // janus"), not one with the other tab.
  const tracks = stream.getTracks();
  const pc = window.__e2e.peers.find(each =>
    each.getReceivers().some(receiver => tracks.includes(receiver.track)),
  );
  if (!/^a=msid-semantic: ?WMS janus/m.test(pc?.remoteDescription?.sdp ?? '')) {
    return `${name}: what the tile plays does not come from a Janus room`;
  }
  const first = await frame();
  await new Promise(done => setTimeout(done, 300));
  const later = await frame();
  if (first === null || later === null || later <= first) {
    return `${name}: frames ${first} then ${later}`;
  }
  const audio = new AudioContext();
  await audio.resume();
  const analyser = audio.createAnalyser();
  audio.createMediaStreamSource(new MediaStream(stream.getAudioTracks())).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let peak = 0;
  for (let i = 0; i < 30; i++) {
    await new Promise(done => setTimeout(done, 40));
    analyser.getFloatTimeDomainData(samples);
    peak = Math.max(peak, Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length));
  }
  await audio.close();
  return peak > 0.01 ? peak : `${name}: audio energy ${peak.toFixed(4)}`;
}

/** Waits until the tab plays `name`'s tile; resolves the RMS heard. */
async function plays(tab, name) {
  const deadline = Date.now() + WAIT;
  for (;;) {
    const answer = await tab.page.evaluate(tilePlays, name);
    if (typeof answer === 'number') {
      return answer;
    }
    if (Date.now() > deadline) {
      throw new Error(`${tab.who}: ${answer}`);
    }
    await new Promise(done => setTimeout(done, 300));
  }
}

export const groupFlows = [
  {
    name: 'group call over SIP and Janus: Grace calls the Team; Alan declines (his chip), Katherine has no tab, Ada accepts; they see and hear each other through the room; Ada hangs up and Grace’s call ends',
    timeout: 90000,
    fn: async ({open, groups}) => {
      expect(groups?.proxy, `no group rig: ${groups?.error}`);
      const options = {proxy: groups.proxy, query: {sfu: groups.sfu}};
      const grace = await open('grace', options);
      const ada = await open('ada', options);
      const alan = await open('alan', options);
      await grace.click('call-team-video');
      await grace.visible(SEL.outgoing, WAIT);
      await grace.textIs(GROUP.title, 'Team', WAIT);
      const rang = Date.now();
      for (const tab of [ada, alan]) {
        await tab.visible(SEL.incoming, WAIT);
        await tab.textIs(GROUP.title, 'Grace Hopper is calling Team', WAIT);
      }
      console.log(
        `    Grace's click → both members' screens ringing: ${Date.now() - rang} ms or less`,
      );
      await alan.page.click(SEL.reject);
      await expectChip(grace, 'Alan', 'declined');
      await ada.page.click(SEL.accept);
      const accepted = Date.now();
      await ada.visible(SEL.ongoing, WAIT);
      await grace.visible(SEL.ongoing, WAIT);
      const graceHears = await plays(grace, 'Ada Lovelace');
      const adaHears = await plays(ada, 'Grace Hopper');
      console.log(
        `    through Janus: Grace plays Ada (RMS ${graceHears.toFixed(3)}), Ada plays Grace (RMS ${adaHears.toFixed(3)}), ` +
          `${Date.now() - accepted} ms after Ada's accept or less`,
      );
      await ada.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing, WAIT);
    },
  },
];
