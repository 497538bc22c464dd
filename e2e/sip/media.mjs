// Devices over SIP: a camera and a microphone switched during a call go out through the same peer connection
// (RTCRtpSender.replaceTrack, no renegotiation), and the other tab keeps hearing the call.
import {join} from 'node:path';
import {SEL, expect} from '../harness.mjs';

/** The device id of the track a peer connection sends, by kind. */
async function sentDevice(tab, kind) {
  return tab.page.evaluate(
    kind =>
      window.__e2e.peers
        .at(-1)
        ?.getSenders()
        .find(sender => sender.track?.kind === kind)
        ?.track.getSettings().deviceId ?? null,
    kind,
  );
}

/** Picks another device in an open picker; waits until the peer connection sends it. */
async function switchTo(tab, pickerKind, trackKind) {
  const select = `.kit-device-pickers-${pickerKind}`;
  const [current, other] = await tab.page.$eval(select, el => [
    el.value,
    [...el.options]
      .map(option => option.value)
      .find(value => value !== el.value && value !== 'default'),
  ]);
  expect(!!other, `only one ${pickerKind} to pick from`);
  await tab.page.selectOption(select, other);
  await tab.page.waitForFunction(
    ([kind, want]) =>
      window.__e2e.peers
        .at(-1)
        ?.getSenders()
        .some(
          sender => sender.track?.kind === kind && sender.track.getSettings().deviceId === want,
        ),
    [trackKind, other],
    {timeout: 8000},
  );
  expect(other !== current, 'the same device');
  return other;
}

export const sipMediaFlows = [
  {
    name: 'devices: a camera and a microphone switched mid-call go out through replaceTrack; the sound keeps flowing',
    fn: async ({open, screenshots}) => {
      const grace = await open('grace');
      const linus = await open('linus');
      await grace.click('call-video-linus');
      await linus.visible(SEL.incoming, 8000);
      await linus.page.click(SEL.accept);
      await grace.visible(SEL.ongoing, 8000);
      await linus.remoteVideoPlays();
      const senders = await grace.page.evaluate(
        () => window.__e2e.peers.at(-1).getSenders().length,
      );

      await grace.page.click('.kit-device-pickers-toggle');
      await grace.visible('.kit-device-pickers-videoinput');
      const camera = await switchTo(grace, 'videoinput', 'video');
      const mic = await switchTo(grace, 'audioinput', 'audio');
      expect((await sentDevice(grace, 'video')) === camera, 'the new camera is not sent');
      expect((await sentDevice(grace, 'audio')) === mic, 'the new microphone is not sent');
      expect(
        (await grace.page.evaluate(() => window.__e2e.peers.at(-1).getSenders().length)) ===
          senders,
        'the switch added senders (a renegotiation) instead of replacing the tracks',
      );
      // Linus keeps hearing Grace, from the new microphone. The new camera's frames are not checked: in headless
      // Chromium, an encoder given another *fake* camera by replaceTrack encodes no more frames (measured on two
      // plain RTCPeerConnections too, while a new track of the same fake camera keeps encoding), a quirk of the fake
      // capture devices that real cameras do not have.
      await linus.mediaFlows('audio');
      expect(
        await grace.page.evaluate(() =>
          window.__e2e.peers
            .at(-1)
            .getSenders()
            .every(sender => !sender.track || sender.track.readyState === 'live'),
        ),
        'a sender holds a stopped track',
      );
      await grace.page.screenshot({path: join(screenshots, 'sip-device-switch.png')});
      await grace.page.keyboard.press('Escape');
      await grace.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing, 8000);
      await linus.gone(SEL.ongoing, 8000);
    },
  },
];
