// Media that tells the truth, on the demo's in-memory SDK with media (Chromium's fake camera and microphones): a
// video call shows the far side's picture and my camera, the device pickers switch the track that goes out, the
// ringtone rings on its own output while the call plays on the speaker picked, the far side's camera turned off
// shows their avatar, and speaking while muted says "You are muted". Each test leaves a screenshot.
import AxeBuilder from '@axe-core/playwright';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {SEL, expect} from '../harness.mjs';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const REMOTE_VIDEO = '.kit-ongoing-call-remote-video:not(.kit-ongoing-call-remote-video-hidden)';
const LOCAL_VIDEO = '.kit-ongoing-call-local-video';
const AVATAR = '.kit-ongoing-call-avatar';
const PICKERS = '.kit-device-pickers-toggle';

/** Grace calls Ada by video (Ada accepts after a moment); resolves once both pictures play. */
async function videoCallWithAda(open) {
  const grace = await open({user: 'grace'});
  await grace.click('call-video-ada');
  await grace.visible(SEL.ongoing, 8000);
  await playing(grace, REMOTE_VIDEO);
  await playing(grace, LOCAL_VIDEO);
  return grace;
}

/** Waits until a video element shows frames. */
async function playing(demo, selector, timeout = 8000) {
  await demo.page.waitForFunction(
    sel => {
      const video = document.querySelector(sel);
      return !!video && video.videoWidth > 0 && video.readyState >= 2;
    },
    selector,
    {timeout},
  );
}

/** The device ids the page may use, by kind (after a permission, so they are real ids). */
async function deviceIds(demo) {
  return demo.page.evaluate(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({audio: true});
    stream.getTracks().forEach(track => track.stop());
    const devices = await navigator.mediaDevices.enumerateDevices();
    const ids = kind =>
      devices
        .filter(device => device.kind === kind && device.deviceId !== 'default')
        .map(d => d.deviceId);
    return {
      audioinput: ids('audioinput'),
      videoinput: ids('videoinput'),
      audiooutput: ids('audiooutput'),
    };
  });
}

/** The device id of the local stream's track of a kind, and whether it is live and enabled. */
async function localTrack(demo, kind) {
  return demo.page.evaluate(
    ([sel, kind]) => {
      const track = document
        .querySelector(sel)
        ?.srcObject?.getTracks()
        .find(t => t.kind === kind);
      return track
        ? {
            deviceId: track.getSettings().deviceId,
            live: track.readyState === 'live',
            enabled: track.enabled,
          }
        : null;
    },
    [LOCAL_VIDEO, kind],
  );
}

/** Picks a device in an open picker, and waits until the local track comes from it. */
async function pick(demo, kind, deviceId) {
  await demo.page.selectOption(`.kit-device-pickers-${kind}`, deviceId);
  const trackKind = kind === 'audioinput' ? 'audio' : 'video';
  await demo.page.waitForFunction(
    ([sel, trackKind, want]) => {
      const track = document
        .querySelector(sel)
        ?.srcObject?.getTracks()
        .find(t => t.kind === trackKind);
      return track?.getSettings().deviceId === want && track.readyState === 'live';
    },
    [LOCAL_VIDEO, trackKind, deviceId],
    {timeout: 8000},
  );
}

/** The sink of the element that rings now (the ringtone), from the record the harness keeps of every play(). */
async function ringingSink(demo) {
  return demo.page.evaluate(() => {
    const ringing = window.__e2e.media.filter(el => !el.paused && el.tagName === 'AUDIO');
    return ringing.map(el => el.sinkId);
  });
}

export const mediaTests = [
  {
    name: 'media: the pickers switch the microphone and the camera of a video call, and the end stops every track',
    timeout: 40000,
    fn: async ({open}) => {
      const grace = await videoCallWithAda(open);
      const ids = await deviceIds(grace);
      expect(ids.audioinput.length >= 2, `Chromium lists ${ids.audioinput.length} microphones`);
      expect(ids.videoinput.length >= 2, `Chromium lists ${ids.videoinput.length} cameras`);
      // Muted first: the new microphone must stay muted.
      await grace.page.click(SEL.mute);
      await grace.page.click(PICKERS);
      await grace.visible('.kit-device-pickers-panel');
      expect(
        (await grace.page.getAttribute(PICKERS, 'aria-expanded')) === 'true',
        'the Devices button does not say it is expanded',
      );

      const micBefore = await localTrack(grace, 'audio');
      const mic = ids.audioinput.find(id => id !== micBefore.deviceId);
      await pick(grace, 'audioinput', mic);
      const micAfter = await localTrack(grace, 'audio');
      expect(!micAfter.enabled, 'the new microphone is not muted while the mute button is on');

      const cameraBefore = await localTrack(grace, 'video');
      const camera = ids.videoinput.find(id => id !== cameraBefore.deviceId);
      await pick(grace, 'videoinput', camera);
      await playing(grace, LOCAL_VIDEO);
      expect(
        (await grace.page.inputValue('.kit-device-pickers-videoinput')) === camera,
        'the camera picker does not show the camera in use',
      );
      await grace.page.screenshot({path: join(SCREENSHOTS, 'media-device-pickers.png')});
      // The open panel passes axe (labels, names, contrast), as every screen does.
      const {violations} = await new AxeBuilder({page: grace.page})
        .include('.kit-ongoing-call')
        .analyze();
      expect(
        violations.length === 0,
        `axe: ${violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(' | ')}`).join('; ')}`,
      );

      // Every track of the call (mine and the far side's) stops when the call ends.
      await grace.page.evaluate(sel => {
        window.__mediaTracks = [...document.querySelectorAll(sel)].flatMap(v =>
          v.srcObject.getTracks(),
        );
      }, `${LOCAL_VIDEO}, .kit-ongoing-call-remote-video`);
      await grace.page.keyboard.press('Escape'); // Closes the panel, focus back on its button.
      expect(await grace.focused(PICKERS), 'Escape did not give focus back to the Devices button');
      await grace.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing);
      await grace.page.waitForFunction(
        () =>
          window.__mediaTracks.length >= 3 &&
          window.__mediaTracks.every(t => t.readyState === 'ended'),
        null,
        {timeout: 5000},
      );
    },
  },
  {
    name: 'media: the ringtone rings on its own output while the call plays on the speaker picked',
    timeout: 40000,
    fn: async ({open}) => {
      let grace = await open({user: 'grace'});
      const {audiooutput} = await deviceIds(grace);
      expect(audiooutput.length >= 2, `Chromium lists ${audiooutput.length} outputs`);
      const [speakers, headset] = audiooutput;
      await grace.page.evaluate(
        id => localStorage.setItem('kit-demo-ringtone-output', id),
        speakers,
      );
      await grace.page.reload({waitUntil: 'load'});
      await grace.visible(SEL.testId('me'));

      await grace.click('ring-video-ada');
      await grace.visible(SEL.incoming);
      await grace.page.waitForFunction(() =>
        window.__e2e.media.some(el => !el.paused && el.sinkId),
      );
      expect(
        JSON.stringify(await ringingSink(grace)) === JSON.stringify([speakers]),
        `the ringtone rings on ${JSON.stringify(await ringingSink(grace))}, not on ${speakers}`,
      );
      await grace.page.click(SEL.accept);
      await grace.visible(SEL.ongoing, 8000);
      await playing(grace, REMOTE_VIDEO);
      await grace.page.click(PICKERS);
      await grace.page.selectOption('.kit-device-pickers-audiooutput', headset);
      await grace.page.waitForFunction(
        ([sel, want]) => document.querySelector(sel)?.sinkId === want,
        ['.kit-ongoing-call-remote-video', headset],
        {timeout: 5000},
      );
      expect(headset !== speakers, 'the two outputs are the same');
      await grace.page.screenshot({path: join(SCREENSHOTS, 'media-speaker-picker.png')});
      await grace.page.keyboard.press('Escape');
      await grace.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing);
      await grace.page.evaluate(() => localStorage.removeItem('kit-demo-ringtone-output'));
    },
  },
  {
    name: 'media: a ringtone output that cannot be used is reported, and the ringtone rings on the default one',
    timeout: 30000,
    fn: async ({open}) => {
      const grace = await open({user: 'grace'});
      await grace.page.evaluate(() =>
        localStorage.setItem('kit-demo-ringtone-output', 'unplugged'),
      );
      await grace.page.reload({waitUntil: 'load'});
      await grace.visible(SEL.testId('me'));
      await grace.click('ring-voice-ada');
      await grace.visible(SEL.incoming);
      await grace.event('ERR_SOUND_FAILED');
      await grace.page.waitForFunction(() =>
        window.__e2e.plays.some(play => play.src.startsWith('blob:') && play.result === 'resolved'),
      );
      const sinks = await ringingSink(grace);
      expect(
        sinks.length === 1 && sinks[0] === '',
        `the ringtone rings on ${JSON.stringify(sinks)}`,
      );
      await grace.page.screenshot({path: join(SCREENSHOTS, 'media-ringtone-output-failed.png')});
      await grace.page.click(SEL.reject);
      await grace.gone(SEL.incoming);
      await grace.page.evaluate(() => localStorage.removeItem('kit-demo-ringtone-output'));
    },
  },
  {
    name: 'media: the far side turning the camera off shows their avatar, and on again their picture',
    timeout: 40000,
    fn: async ({open}) => {
      const grace = await videoCallWithAda(open);
      expect(!(await grace.page.isVisible(AVATAR)), 'the avatar shows over a playing picture');
      await grace.far('far-camera-off');
      await grace.visible(AVATAR);
      // Over the blurred copy of it, as the ringing screens: a backdrop that fills the screen.
      const [backdrop, screen] = await Promise.all(
        ['.kit-ongoing-call > .kit-avatar-backdrop', SEL.ongoing].map(sel =>
          grace.page.$eval(sel, e => JSON.stringify(e.getBoundingClientRect())),
        ),
      );
      expect(backdrop === screen, `no backdrop over the screen: ${backdrop} in ${screen}`);
      expect(
        !(await grace.page.isVisible('.kit-ongoing-call-remote-video')),
        'the remote video (black) still shows with the far side camera off',
      );
      await grace.page.screenshot({path: join(SCREENSHOTS, 'media-remote-camera-off.png')});
      await grace.far('far-camera-on');
      await grace.gone(AVATAR);
      await playing(grace, REMOTE_VIDEO);
      await grace.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing);
    },
  },
  {
    name: 'media: speaking while muted says "You are muted", politely',
    timeout: 40000,
    fn: async ({open}) => {
      const grace = await open({user: 'grace'});
      await grace.click('call-voice-ada');
      await grace.visible(SEL.ongoing, 8000);
      // Chromium's fake microphone beeps, as someone who speaks.
      const hint = '.kit-muted-speech-hint';
      expect(
        (await grace.page.getAttribute(hint, 'aria-live')) === 'polite',
        'no polite live region',
      );
      await grace.page.click(SEL.mute);
      await grace.textIs(hint, 'You are muted', 8000);
      await grace.page.screenshot({path: join(SCREENSHOTS, 'media-muted-speech.png')});
      await grace.page.click(SEL.mute);
      await grace.page.waitForFunction(
        sel => document.querySelector(sel)?.textContent.trim() === '',
        hint,
        {
          timeout: 5000,
        },
      );
      await grace.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing);
    },
  },
];
