// A group call over SIP with its media through Janus (issue 35): four tabs of the demo through a Kamailio with the
// room hook (`--group-hook`, tools/janus/group-rooms.mjs) and a Janus started by tools/janus/janus.sh. Grace calls the
// Team by video: each member is rung by an INVITE of their own; Katherine declines (her chip on Grace's screen, and
// in Ada's People panel: Grace tells her), Ada and Alan accept. Every pair then sees and hears each other through the room on Janus (each tile's frames advance,
// its audio has energy, from a connection to Janus), never browser to browser. Grace, the caller, leaves: Ada and
// Alan go on. Ada turns her camera off: Alan's tile of her shows her avatar. Ada hangs up: Alan is left alone,
// and his call ends.
// The second test: Katherine is in a call with Linus when Grace calls the Team, so she answers busy (her chip on
// Grace's screen); Ada has no device on line (her chip: no answer); Alan accepts. Their call over, Katherine joins
// late from Recent calls (her device rings Grace's back, which answers by itself), and Grace adds Linus, who is not
// in the Team. The Janus that holds the room is then stopped by its pid: every tab says "Reconnecting…", the room is
// made again on the rig's other Janus, and every pair of the four sees and hears each other again through it, without
// anyone pressing anything. Before that, the path to the room's Janus breaks (Janus frozen by its pid): every tab says
// "Reconnecting…" and restarts ICE on the connections it has (their ICE credentials change); once Janus goes on, the
// media comes back on those same connections. Last, Grace leaves and the room's new Janus stops too (the first one is
// back): Alan, first by uid of the three left, rings the two others again, and the room is made again once more.
import {SEL, expect} from '../harness.mjs';

const WAIT = 20000;
const GROUP = {
  title: '.kit-group-call-title',
  chip: status => `.kit-group-call-chip-${status}`,
  tile: '.kit-group-call-tile:not(.kit-group-call-tile-self)',
  people: '.kit-group-call-people-button',
  panel: '.kit-group-call-panel',
  panelClose: '.kit-group-call-panel-close',
  addPeople: '.kit-group-call-add-people',
  add: '.kit-group-call-add',
};
const RECONNECTING = '.kit-ongoing-call-reconnecting';
const JOIN = '[data-testid="call-log"] .kit-call-log-unseen .kit-call-log-join';

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
async function tilePlays([name, janusPorts]) {
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
  // Received through the room: what carries its tracks is a connection to Janus (its selected candidate pair's far
  // end is on the RTP ports of the rig's Janus), never one with another tab. (Its frames and sound are checked below.)
  const [min, max] = janusPorts;
  const toJanus = async pc => {
    const stats = await pc.getStats();
    return [...stats.values()].some(pair => {
      const far =
        pair.type === 'candidate-pair' && pair.state === 'succeeded' && pair.nominated
          ? stats.get(pair.remoteCandidateId)
          : null;
      return far && far.port >= min && far.port <= max;
    });
  };
  const carriers = window.__e2e.peers.filter(pc =>
    pc.getReceivers().some(receiver => stream.getTracks().includes(receiver.track)),
  );
  const janus = await Promise.all(carriers.map(toJanus));
  if (!carriers.length || !janus.every(Boolean)) {
    const tracks = stream.getTracks().map(track => `${track.kind} ${track.readyState}`);
    return `${name}: its tracks (${tracks}) come from ${carriers.length} connection(s), ${janus.filter(Boolean).length} of them to Janus`;
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
    const answer = await tab.page.evaluate(tilePlays, [name, tab.janusPorts]);
    if (typeof answer === 'number') {
      return answer;
    }
    if (Date.now() > deadline) {
      throw new Error(`${tab.who}: ${answer}`);
    }
    await new Promise(done => setTimeout(done, 300));
  }
}

/** Every pair of these tabs sees and hears each other (`names`: uid → the name on the tiles); the RMS of each. */
async function everyPairPlays(tabs, names) {
  const pairs = Object.entries(tabs).flatMap(([who, tab]) =>
    Object.keys(tabs)
      .filter(uid => uid !== who)
      .map(other => ({who, other, tab})),
  );
  return Promise.all(
    pairs.map(
      async ({who, other, tab}) => `${other}→${who} ${(await plays(tab, names[other])).toFixed(3)}`,
    ),
  );
}

/** In the page: the ICE username fragment of each open connection that sends media (the room's publisher). */
function publisherUfrags() {
  return window.__e2e.peers
    .filter(pc => pc.connectionState !== 'closed' && pc.getSenders().some(sender => sender.track))
    .map(pc => /a=ice-ufrag:(\S+)/.exec(pc.localDescription?.sdp ?? '')?.[1]);
}

/** From now on, the page notes whether its screen said "Reconnecting…" (it may say it only briefly). */
function watchReconnecting(selector) {
  window.__e2eReconnecting = false;
  new MutationObserver((_, observer) => {
    if (document.querySelector(selector)) {
      window.__e2eReconnecting = true;
      observer.disconnect();
    }
  }).observe(document.body, {childList: true, subtree: true});
}

export const groupFlows = [
  {
    name: 'group call over SIP and Janus: Grace calls the Team by video; Katherine declines (her chip), Ada and Alan accept; every pair sees and hears each other through the room; Grace leaves and the two go on; Ada’s camera off shows her avatar to Alan; Ada hangs up and Alan’s call ends',
    timeout: 150000,
    fn: async ({open, groups}) => {
      expect(groups?.proxy, `no group rig: ${groups?.error}`);
      const options = {proxy: groups.proxy, query: {sfu: groups.sfu}};
      const tabs = {};
      for (const user of ['grace', 'ada', 'alan', 'katherine']) {
        tabs[user] = await open(user, options);
        tabs[user].janusPorts = groups.rtpPorts;
      }
      const {grace, ada, alan, katherine} = tabs;
      const names = {grace: 'Grace Hopper', ada: 'Ada Lovelace', alan: 'Alan Turing'};
      await grace.click('call-team-video');
      const clicked = Date.now();
      await grace.visible(SEL.outgoing, WAIT);
      await grace.textIs(GROUP.title, 'Team', WAIT);
      for (const tab of [ada, alan, katherine]) {
        await tab.visible(SEL.incoming, WAIT);
        await tab.textIs(GROUP.title, 'Grace Hopper is calling Team', WAIT);
      }
      console.log(
        `    Grace's click → the three members' screens ringing: ${Date.now() - clicked} ms or less`,
      );
      await katherine.page.click(SEL.reject);
      await expectChip(grace, 'Katherine', 'declined');
      await ada.page.click(SEL.accept);
      const accepted = Date.now();
      // Accept → the first frame of Ada's tile on Grace's screen (through Kamailio's 200 OK and Janus's room).
      await grace.page.waitForFunction(
        name =>
          [...document.querySelectorAll('.kit-group-call-tile')].some(
            tile =>
              tile.querySelector('.kit-group-call-tile-name')?.textContent.trim() === name &&
              tile.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames > 0,
          ),
        'Ada Lovelace',
        {timeout: WAIT, polling: 20},
      );
      console.log(
        `    Ada's accept → her first frame on Grace's screen: ${Date.now() - accepted} ms`,
      );
      await alan.page.click(SEL.accept);
      for (const tab of [grace, ada, alan]) {
        await tab.visible(SEL.ongoing, WAIT);
      }
      // The six checks at once: each tab's tiles are checked side by side.
      const pairs = Object.entries({grace, ada, alan}).flatMap(([who, tab]) =>
        Object.keys(names)
          .filter(uid => uid !== who)
          .map(other => ({who, other, tab})),
      );
      const heard = await Promise.all(
        pairs.map(
          async ({who, other, tab}) =>
            `${other}→${who} ${(await plays(tab, names[other])).toFixed(3)}`,
        ),
      );
      console.log(
        `    through Janus, every pair both ways (RMS): ${heard.join(', ')}; all within ${Date.now() - accepted} ms of the accepts`,
      );

      // Ada learns from Grace (a SIP INFO on her INVITE) that Katherine declined: her People panel says so.
      await ada.page.click(GROUP.people);
      await ada.visible(GROUP.panel, WAIT);
      await ada.page.waitForFunction(
        () =>
          [...document.querySelectorAll('.kit-group-call-person-declined')].some(person =>
            person.textContent.includes('Katherine'),
          ),
        null,
        {timeout: WAIT},
      );
      await ada.page.click(GROUP.panelClose);

      // The caller leaves: Ada and Alan stay in the call, and still see and hear each other.
      await grace.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing, WAIT);
      await Promise.all([plays(ada, names.alan), plays(alan, names.ada)]);
      expect(await ada.page.isVisible(SEL.ongoing), 'Ada’s call ended with Grace’s leave');

      // Ada's camera off: Alan's tile of her shows her avatar, not a frozen picture.
      await ada.page.click(SEL.camera);
      await alan.page.waitForFunction(
        name =>
          [...document.querySelectorAll('.kit-group-call-tile')].some(
            tile =>
              tile.querySelector('.kit-group-call-tile-name')?.textContent.trim() === name &&
              tile.querySelector('video.kit-group-call-tile-video-hidden'),
          ),
        names.ada,
        {timeout: WAIT},
      );

      // Ada hangs up: Alan is alone, and his call ends.
      await ada.page.click(SEL.ongoingEnd);
      await alan.gone(SEL.ongoing, WAIT);
    },
  },
  {
    name: 'group call over SIP and Janus: Katherine is busy (her chip), Alan accepts; Katherine joins late from Recent calls; Grace adds Linus; the path to the room’s Janus breaks: "Reconnecting…", ICE restarted in place, media back; that Janus is stopped mid-call: "Reconnecting…" in every tab, the room is made again on the other Janus, and every pair sees and hears each other again; the caller gone, it recovers once more',
    timeout: 180000,
    fn: async ({open, groups}) => {
      expect(groups?.proxy, `no group rig: ${groups?.error}`);
      const options = {proxy: groups.proxy, query: {sfu: groups.sfu}};
      const tabs = {};
      for (const user of ['grace', 'alan', 'katherine', 'linus']) {
        tabs[user] = await open(user, options);
        tabs[user].janusPorts = groups.rtpPorts;
      }
      const {grace, alan, katherine, linus} = tabs;
      const names = {
        grace: 'Grace Hopper',
        alan: 'Alan Turing',
        katherine: 'Katherine Johnson',
        linus: 'Linus Torvalds',
      };

      // Katherine is in a call with Linus: the Team's ring finds her busy. Ada has no device on line.
      await katherine.click('call-voice-linus');
      await linus.visible(SEL.incoming, WAIT);
      await linus.page.click(SEL.accept);
      await katherine.visible(SEL.ongoing, WAIT);
      await grace.click('call-team-video');
      await alan.visible(SEL.incoming, WAIT);
      await expectChip(grace, 'Katherine', 'busy');
      await expectChip(grace, 'Ada', 'unanswered');
      expect(await grace.page.isVisible(SEL.outgoing), 'the busy answer ended the call');
      await alan.page.click(SEL.accept);
      await grace.visible(SEL.ongoing, WAIT);
      await alan.visible(SEL.ongoing, WAIT);

      // Their call over, Katherine joins late from Recent calls, where the ring she missed is.
      await linus.page.click(SEL.ongoingEnd);
      await katherine.gone(SEL.ongoing, WAIT);
      await katherine.visible(JOIN, WAIT);
      await katherine.page.click(JOIN);
      await katherine.visible(SEL.ongoing, WAIT);
      // Grace adds Linus (not in the Team) from the People panel: he rings, and accepts.
      await grace.page.click(GROUP.people);
      await grace.visible(GROUP.panel, WAIT);
      await grace.page.click(GROUP.addPeople);
      await grace.page.click(`${GROUP.add}:has-text("Add Linus Torvalds")`);
      await linus.visible(SEL.incoming, WAIT);
      await linus.textIs(GROUP.title, 'Grace Hopper is calling Team', WAIT);
      await linus.page.click(SEL.accept);
      await linus.visible(SEL.ongoing, WAIT);
      await grace.page.click(GROUP.panelClose);
      const four = {grace, alan, katherine, linus};
      await everyPairPlays(four, names);
      // The speaking rings, from the audio levels of what the room sends: each of the three far tiles rings at some
      // point (the fake microphones beep and pause, so not always all three at the same moment).
      await grace.page.waitForFunction(
        () => {
          const spoke = (window.__e2eSpoke ??= new Set());
          document
            .querySelectorAll('.kit-group-call-tile-speaking:not(.kit-group-call-tile-self)')
            .forEach(tile =>
              spoke.add(tile.querySelector('.kit-group-call-tile-name')?.textContent),
            );
          return spoke.size === 3;
        },
        null,
        {timeout: WAIT, polling: 50},
      );

      // The path to the room's Janus breaks (Janus frozen): every tab says "Reconnecting…" and restarts ICE on its
      // connections; once Janus goes on, the media comes back on those same connections.
      const sfu = groups.roomSfu();
      expect(sfu >= 0, 'the room hook made no room');
      const tabsOf4 = Object.values(four);
      const before = await Promise.all(tabsOf4.map(tab => tab.page.evaluate(publisherUfrags)));
      expect(
        before.every(ufrags => ufrags.length === 1),
        `each tab should publish on one connection: ${JSON.stringify(before)}`,
      );
      for (const tab of tabsOf4) {
        await tab.page.evaluate(watchReconnecting, RECONNECTING);
      }
      const paused = Date.now();
      groups.pause(sfu, true);
      try {
        for (const [index, tab] of tabsOf4.entries()) {
          await tab.page.waitForFunction(() => window.__e2eReconnecting === true, null, {
            timeout: 30000,
          });
          // The restart's offer, with new credentials, is out (Janus answers it once it goes on).
          await tab.page.waitForFunction(
            was => {
              const now = window.__e2e.peers
                .filter(pc => pc.connectionState !== 'closed' && pc.getSenders().some(s => s.track))
                .map(pc => /a=ice-ufrag:(\S+)/.exec(pc.localDescription?.sdp ?? '')?.[1]);
              return now.length === 1 && now[0] !== was;
            },
            before[index][0],
            {timeout: 30000},
          );
        }
      } finally {
        groups.pause(sfu, false);
      }
      const resumed = Date.now();
      for (const tab of tabsOf4) {
        await tab.gone(RECONNECTING, WAIT);
      }
      const mended = Date.now() - resumed;
      await everyPairPlays(four, names);
      const after = await Promise.all(tabsOf4.map(tab => tab.page.evaluate(publisherUfrags)));
      expect(
        after.every((ufrags, index) => ufrags.length === 1 && ufrags[0] !== before[index][0]),
        `the publishers' connections were not restarted in place: ${JSON.stringify({before, after})}`,
      );
      console.log(
        `    Janus ${sfu} frozen → every tab restarted ICE: ${resumed - paused} ms; Janus on again → "Reconnecting…" gone in the four tabs: ${mended} ms`,
      );

      // The Janus that holds the room stops: every tab says "Reconnecting…", and the media comes back through the
      // other one (each pair's connection on its ports), with nobody pressing anything.
      for (const tab of Object.values(four)) {
        await tab.page.evaluate(watchReconnecting, RECONNECTING);
        tab.janusPorts = groups.rtpPortsOf[1 - sfu];
      }
      const stopped = Date.now();
      groups.stop(sfu);
      for (const tab of Object.values(four)) {
        await tab.page.waitForFunction(() => window.__e2eReconnecting === true, null, {
          timeout: WAIT,
        });
      }
      for (const tab of Object.values(four)) {
        await tab.gone(RECONNECTING, WAIT);
      }
      const rejoined = Date.now() - stopped;
      // Media back: every far tile of every tab plays a live video track again (the grid asks for streams each second).
      for (const tab of Object.values(four)) {
        await tab.page.waitForFunction(
          () =>
            [...document.querySelectorAll('.kit-group-call-tile:not(.kit-group-call-tile-self)')]
              .map(tile => tile.querySelector('video'))
              .every(
                video =>
                  video?.srcObject?.getVideoTracks()[0]?.readyState === 'live' &&
                  video.getVideoPlaybackQuality().totalVideoFrames > 0,
              ),
          null,
          {timeout: WAIT, polling: 50},
        );
      }
      const back = Date.now() - stopped;
      const heard = await everyPairPlays(four, names);
      console.log(
        `    Janus ${sfu} stopped → "Reconnecting…" gone in the four tabs: ${rejoined} ms; every far tile plays again: ${back} ms; every pair sees and hears each other through Janus ${1 - sfu}: ${Date.now() - stopped} ms or less (RMS ${heard.join(', ')})`,
      );
      expect(groups.roomSfu() === 1 - sfu, 'the room was not made again on the other Janus');

      // Grace, the caller, leaves; the stopped Janus is back, and the one that holds the room now stops: Alan, first
      // by uid of those left, rings the two others again for the room made again, and the three see and hear each
      // other once more.
      await grace.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing, WAIT);
      groups.start(sfu);
      const three = {alan, katherine, linus};
      for (const tab of Object.values(three)) {
        await tab.page.evaluate(watchReconnecting, RECONNECTING);
        tab.janusPorts = groups.rtpPortsOf[sfu];
      }
      const leaderless = Date.now();
      groups.stop(1 - sfu);
      for (const tab of Object.values(three)) {
        await tab.page.waitForFunction(() => window.__e2eReconnecting === true, null, {
          timeout: WAIT,
        });
        await tab.gone(RECONNECTING, WAIT);
      }
      const regained = Date.now() - leaderless;
      await everyPairPlays(three, names);
      console.log(
        `    the caller gone, Janus ${1 - sfu} stopped → "Reconnecting…" gone in the three tabs: ${regained} ms (the room on Janus ${sfu} again)`,
      );

      for (const tab of [katherine, linus]) {
        await tab.page.click(SEL.ongoingEnd);
      }
      await alan.gone(SEL.ongoing, WAIT);
    },
  },
];
