// Re-INVITEs mid-call over SIP: an ICE restart that brings back media after the relay path died, the camera
// turned off (its m-line renegotiated to recvonly) showing the caller's avatar on the other side, and hold (sendonly,
// then sendrecv) silencing the call both ways until it is resumed.
import {join} from 'node:path';
import {SEL, expect} from '../harness.mjs';
import {receivedEnergy} from './deskphone.mjs';
import {answer, bothEnded, ring} from './flows.mjs';

const RECONNECTING = '.kit-ongoing-call-reconnecting';

/** The ICE username fragment of the newest peer connection's local description (new after an ICE restart). */
function ufrag(tab) {
  return tab.page.evaluate(
    () =>
      /a=ice-ufrag:(\S+)/.exec(window.__e2e.peers.at(-1)?.localDescription?.sdp ?? '')?.[1] ?? '',
  );
}

/** Records the ICE connection states of the newest peer connection, with the time each began. */
function recordIce(tab) {
  return tab.page.evaluate(() => {
    const peer = window.__e2e.peers.at(-1);
    window.__ice = [];
    peer.addEventListener('iceconnectionstatechange', () =>
      window.__ice.push([peer.iceConnectionState, Date.now()]),
    );
  });
}

/** When the tab's ICE first reached `state` after `since` (ms since the epoch), or null. */
function iceReached(tab, state, since) {
  return tab.page.evaluate(
    ([want, after]) => window.__ice.find(([each, at]) => each === want && at >= after)?.[1] ?? null,
    [state, since],
  );
}

/** Whether the tab receives video: the newest peer connection's video receiver track, and whether it is muted. */
function remoteVideoTrack(tab) {
  return tab.page.evaluate(() => {
    const track = window.__e2e.peers
      .at(-1)
      ?.getReceivers()
      .find(receiver => receiver.track.kind === 'video')?.track;
    return track ? {muted: track.muted, state: track.readyState} : null;
  });
}

/** The ongoing screen's remote video: its size and the frames it has shown. */
function remoteFrames(tab) {
  return tab.page.evaluate(() => {
    const video = document.querySelector('.kit-ongoing-call-remote-video');
    return {
      width: video?.videoWidth ?? 0,
      frames: video?.getVideoPlaybackQuality?.().totalVideoFrames ?? 0,
    };
  });
}

/** Waits until what a tab hears is above `floor` (`loud`) or below it (silence); resolves the energy heard. */
export async function energy(tab, floor, loud, what) {
  const deadline = Date.now() + 15000;
  let heard = 0;
  while (Date.now() < deadline) {
    heard = await receivedEnergy(tab);
    if (loud === heard > floor) {
      return heard;
    }
  }
  throw new Error(`${what}: energy ${heard.toFixed(4)}`);
}

/** `ms` as seconds for the printed phases. */
const seconds = ms => (ms === null || ms < 0 ? '—' : `${(ms / 1000).toFixed(1)} s`);

export const renegotiationFlows = [
  {
    name: 'ICE restart: coturn stopped mid-call (relay only) → "Reconnecting…" in both tabs; back → the caller restarts ICE (new ufrag), "Reconnecting…" gone, audio flows both ways',
    timeout: 150000,
    fn: async ({open, relay, screenshots}) => {
      expect(relay.auth && relay.stop, `no TURN server: ${relay.error}`);
      // Media only through coturn: once it is gone, no path is left. The call may stay "Reconnecting…" long enough
      // for Chromium to give ICE up (failed) and for the restart: the kit's reconnectTimeout is raised for it.
      const options = {auth: relay.auth, query: {iceRelay: '1', reconnectTimeout: '120000'}};
      const grace = await open('grace', options);
      const linus = await open('linus', options);
      await ring(grace, linus);
      await answer(grace, linus);
      await grace.mediaFlows('audio');
      await linus.mediaFlows('audio');
      const before = [await ufrag(grace), await ufrag(linus)];
      expect(before.every(Boolean), `no ICE ufrag before the loss: ${before}`);
      await Promise.all([recordIce(grace), recordIce(linus)]);
      // Grace is muted through it all: the restart must not turn her microphone back on.
      await grace.page.click(SEL.mute);

      const stopped = Date.now();
      await relay.stop();
      let restarted = false;
      try {
        for (const tab of [grace, linus]) {
          await tab.visible(RECONNECTING, 60000);
          await tab.textIs(RECONNECTING, 'Reconnecting…');
        }
        const lost = Date.now();
        // Back at once: the allocations the calls used are gone with the old process, so the old path stays dead
        // (ICE ends `failed`) until an ICE restart allocates new relay candidates.
        await relay.start();
        restarted = true;
        const back = Date.now();
        for (const tab of [grace, linus]) {
          await tab.gone(RECONNECTING, 100000);
          await tab.visible(SEL.ongoing);
        }
        const reconnected = Date.now();
        // Chromium keeps ICE `disconnected` (it never said `failed` within 100 s): the adapter restarts it 5 s on.
        const disconnected = await iceReached(grace, 'disconnected', stopped);
        const connected = await iceReached(grace, 'connected', back);
        console.log(
          `    coturn stopped → the caller's ICE disconnected ${seconds(disconnected && disconnected - stopped)}, "Reconnecting…" in both tabs ${seconds(lost - stopped)}; coturn back → the caller's ICE connected again ${seconds(connected && connected - back)}, "Reconnecting…" gone in both ${seconds(reconnected - back)}`,
        );
      } finally {
        if (!restarted) {
          await relay.start();
        }
      }
      const after = [await ufrag(grace), await ufrag(linus)];
      expect(
        after[0] !== before[0] && after[1] !== before[1] && after.every(Boolean),
        `the ICE credentials did not change (no ICE restart): ${before} → ${after}`,
      );
      const microphone = await grace.page.evaluate(() =>
        window.__e2e.peers
          .at(-1)
          .getSenders()
          .filter(sender => sender.track?.kind === 'audio')
          .map(sender => sender.track.enabled),
      );
      expect(
        microphone.length > 0 && microphone.every(enabled => !enabled),
        `Grace's microphone was turned back on by the ICE restart: ${JSON.stringify(microphone)}`,
      );
      const flowing = Date.now();
      await grace.mediaFlows('audio', 20000);
      await linus.mediaFlows('audio', 20000);
      console.log(`    audio flows both ways again ${seconds(Date.now() - flowing)} later`);
      await grace.page.screenshot({path: join(screenshots, 'sip-ice-restart.png')});
      await linus.page.click(SEL.ongoingEnd);
      await bothEnded(grace, linus);
    },
  },
  {
    name: 'camera off over SIP: Grace turns her camera off → Linus sees her avatar in place of the video (the m=video renegotiated to recvonly); on again → the video plays',
    timeout: 60000,
    fn: async ({open, screenshots}) => {
      const grace = await open('grace');
      const linus = await open('linus');
      await ring(grace, linus, {type: 'video'});
      await answer(grace, linus);
      for (const tab of [grace, linus]) {
        await tab.remoteVideoPlays();
      }
      const avatar = '.kit-ongoing-call-avatar';
      expect(!(await linus.page.$(avatar)), "Linus shows Grace's avatar while her camera is on");

      const off = Date.now();
      await grace.page.click(SEL.camera);
      await linus.visible(avatar, 15000);
      expect(
        await linus.page.$('.kit-ongoing-call-remote-video-hidden'),
        "Grace's video is not hidden in Linus's tab",
      );
      console.log(`    camera off → the avatar on the other side: ${seconds(Date.now() - off)}`);
      const track = await remoteVideoTrack(linus);
      expect(track?.muted, `Linus's remote video track is not muted: ${JSON.stringify(track)}`);
      await linus.page.screenshot({path: join(screenshots, 'sip-remote-camera-off.png')});
      // The rest of the call goes on: Linus's camera still reaches Grace, the sound flows both ways.
      await grace.remoteVideoPlays();
      await grace.mediaFlows('audio');
      await linus.mediaFlows('audio');

      const on = Date.now();
      await grace.page.click(SEL.camera);
      await linus.gone(avatar, 15000);
      await linus.remoteVideoPlays(15000);
      const first = await remoteFrames(linus);
      await linus.page
        .waitForFunction(
          before => {
            const video = document.querySelector('.kit-ongoing-call-remote-video');
            return (
              video?.videoWidth > 0 &&
              (video.getVideoPlaybackQuality?.().totalVideoFrames ?? 0) > before + 10
            );
          },
          first.frames,
          {timeout: 15000},
        )
        .catch(async () => {
          throw new Error(
            `Grace's video does not play again in Linus's tab: ${JSON.stringify(first)} → ${JSON.stringify(await remoteFrames(linus))}`,
          );
        });
      console.log(`    camera on → frames play on the other side: ${seconds(Date.now() - on)}`);
      await linus.page.click(SEL.ongoingEnd);
      await bothEnded(grace, linus);
    },
  },
  {
    name: 'hold over SIP: Grace holds (sendonly) → both hear silence, Linus reads "Grace Hopper put you on hold"; resume (sendrecv) → the sound is back both ways',
    timeout: 90000,
    fn: async ({open, screenshots}) => {
      const grace = await open('grace');
      const linus = await open('linus');
      await ring(grace, linus);
      await answer(grace, linus);
      const floor = 0.01;
      for (const [tab, what] of [
        [grace, 'Grace hears Linus before the hold'],
        [linus, 'Linus hears Grace before the hold'],
      ]) {
        console.log(`    ${what}: ${(await energy(tab, floor, true, what)).toFixed(4)}`);
      }
      await grace.page.click('.kit-hold-toggle');
      await grace.attribute('.kit-hold-toggle', 'aria-label', 'Resume', 15000);
      await grace.textIs(SEL.ongoingStatus, 'On hold');
      await linus.textIs(SEL.ongoingStatus, 'Grace Hopper put you on hold', 15000);
      for (const [tab, what] of [
        [grace, 'Grace hears silence while held'],
        [linus, 'Linus hears silence while held'],
      ]) {
        console.log(`    ${what}: ${(await energy(tab, floor, false, what)).toFixed(4)}`);
      }
      const sdp = await grace.page.evaluate(
        () => window.__e2e.peers.at(-1)?.localDescription?.sdp ?? '',
      );
      expect(/a=sendonly/.test(sdp), `Grace's offer is not sendonly while held: ${sdp}`);
      await linus.page.screenshot({path: join(screenshots, 'sip-held-by-peer.png')});

      await grace.page.click('.kit-hold-toggle');
      await grace.attribute('.kit-hold-toggle', 'aria-label', 'Hold', 15000);
      for (const [tab, what] of [
        [grace, 'Grace hears Linus again'],
        [linus, 'Linus hears Grace again'],
      ]) {
        console.log(`    ${what}: ${(await energy(tab, floor, true, what)).toFixed(4)}`);
      }
      expect(
        !(await linus.text(SEL.ongoingStatus)).includes('on hold'),
        'Linus still reads he is held',
      );
      await linus.page.click(SEL.ongoingEnd);
      await bothEnded(grace, linus);
    },
  },
  {
    name: 'hold and accept over SIP, three tabs: Ada rings Linus while he talks with Grace → Hold and accept (Grace hears silence, Ada hears Linus); Switch twice; Linus ends Ada → Grace still held until Resume',
    timeout: 120000,
    fn: async ({open, screenshots}) => {
      const linus = await open('linus', {
        init: () => localStorage.setItem('kit-demo-busy-policy', 'wait'),
      });
      const grace = await open('grace');
      const ada = await open('ada');
      await ring(grace, linus);
      await answer(grace, linus);
      const floor = 0.01;
      const hears = async (tab, loud, what) =>
        console.log(`    ${what}: ${(await energy(tab, floor, loud, what)).toFixed(4)}`);
      await hears(grace, true, 'Grace hears Linus');

      await ada.click('call-voice-linus');
      await linus.visible(SEL.waiting, 8000);
      await linus.page.click('.kit-call-waiting-hold-and-accept');
      await ada.visible(SEL.ongoing, 15000);
      await grace.textIs(SEL.ongoingStatus, 'Linus Torvalds put you on hold', 15000);
      // The call on top of Linus's screens is Ada's; Grace's waits behind it, in the bar.
      const front = () =>
        linus.page.evaluate(() => {
          const top = [...document.querySelectorAll('.cdk-overlay-pane')].at(-1);
          return top?.querySelector('.kit-ongoing-call-name')?.textContent?.trim();
        });
      await linus.textIs('.kit-held-call-name', 'Grace Hopper', 8000);
      expect((await front()) === 'Ada Lovelace', `Linus's screen in front: ${await front()}`);
      await hears(ada, true, 'Ada hears Linus after Hold and accept');
      await hears(grace, false, 'Grace hears silence, held');
      await linus.page.screenshot({path: join(screenshots, 'sip-hold-and-accept.png')});

      await linus.page.click('.kit-held-call-switch');
      await linus.textIs('.kit-held-call-name', 'Ada Lovelace', 15000);
      await ada.textIs(SEL.ongoingStatus, 'Linus Torvalds put you on hold', 15000);
      expect((await front()) === 'Grace Hopper', `after a switch, in front: ${await front()}`);
      await hears(grace, true, 'Grace hears Linus after the switch');
      await hears(ada, false, 'Ada hears silence after the switch');

      await linus.page.click('.kit-held-call-switch');
      await linus.textIs('.kit-held-call-name', 'Grace Hopper', 15000);
      await grace.textIs(SEL.ongoingStatus, 'Linus Torvalds put you on hold', 15000);
      await hears(ada, true, 'Ada hears Linus after the second switch');
      await hears(grace, false, 'Grace hears silence after the second switch');

      // Linus ends Ada's call: Grace's is left on his screen, still held, until he presses Resume.
      await linus.page.locator('.cdk-overlay-pane').last().locator(SEL.ongoingEnd).click();
      await ada.gone(SEL.ongoing, 15000);
      await linus.attribute('.kit-hold-toggle', 'aria-label', 'Resume', 15000);
      await linus.gone('.kit-held-calls', 15000);
      await hears(grace, false, 'Grace still hears silence once Ada left');
      await linus.page.click('.kit-hold-toggle');
      await linus.attribute('.kit-hold-toggle', 'aria-label', 'Hold', 15000);
      await hears(grace, true, 'Grace hears Linus after Resume');
      await hears(linus, true, 'Linus hears Grace after Resume');
      await linus.page.click(SEL.ongoingEnd);
      await bothEnded(grace, linus);
    },
  },
];
