// The look before answering (`withCallPreview()`, named by the demo): my camera behind a ringing video call only when
// the page may already use it (never a prompt, never a getUserMedia without it), its tracks stopped once the call
// stops ringing; "Answer as voice" connects with no camera track (the callee's page asks for the microphone alone); axe 0 on the incoming screen with the preview in
// the three themes, and nothing cut at 320 px.
import {SEL, expect} from '../harness.mjs';
import {scan} from './axe.mjs';

const PREVIEW = '.kit-incoming-call .kit-call-preview-video';
const VOICE = '.kit-answer-as-voice-button';

/**
 * Rings a video call from Ada on a fresh tab whose page may already use the camera (Chromium's fake media UI grants
 * it); resolves once the preview plays.
 */
async function ringWithPreview(open, theme = 'light') {
  const demo = await open({state: {theme}, cameraAllowed: true});
  await demo.click('ring-video-ada');
  await demo.visible(SEL.incoming);
  await demo.page.waitForFunction(
    sel => {
      const video = document.querySelector(sel);
      return !!video && video.videoWidth > 0 && video.readyState >= 2;
    },
    PREVIEW,
    {timeout: 8000},
  );
  await demo.visible(VOICE);
  return demo;
}

/** Fails when a name or a button of the incoming screen is cut at the current width. */
async function nothingCut(demo) {
  const cut = await demo.page.evaluate(
    ([selectors, width]) =>
      selectors.flatMap(selector =>
        [...document.querySelectorAll(selector)]
          .filter(element => {
            const box = element.getBoundingClientRect();
            return (
              element.scrollWidth > element.clientWidth + 1 || box.left < 0 || box.right > width + 1
            );
          })
          .map(() => selector),
      ),
    [
      [
        SEL.incomingTitle,
        SEL.accept,
        SEL.reject,
        VOICE,
        '.kit-answer-as-voice .kit-call-button-text',
      ],
      320,
    ],
  );
  expect(cut.length === 0, `cut at 320 px: ${cut.join(', ')}`);
}

export const previewTests = [
  {
    name: 'preview: with the camera allowed, my camera shows behind a ringing video call (axe light, 320 px) and stops on decline',
    timeout: 30000,
    fn: async ({open}) => {
      const demo = await ringWithPreview(open);
      await scan(demo, 'incoming-preview', 'light');
      await demo.page.setViewportSize({width: 320, height: 640});
      await nothingCut(demo);
      await scan(demo, 'incoming-preview-320', 'light');
      // Kept to check after the decline: the preview's own camera must be off, not just hidden.
      await demo.page.evaluate(sel => {
        window.__previewTracks = document.querySelector(sel).srcObject.getTracks();
      }, PREVIEW);
      await demo.page.click(SEL.reject);
      await demo.gone(PREVIEW);
      const live = await demo.page.evaluate(
        () => window.__previewTracks.filter(track => track.readyState !== 'ended').length,
      );
      expect(live === 0, `${live} track(s) of the preview still live after the decline`);
    },
  },
  {
    name: 'preview: axe 0 on the incoming screen with the preview in the dark and brand themes',
    timeout: 40000,
    fn: async ({open}) => {
      for (const theme of ['dark', 'brand']) {
        const demo = await ringWithPreview(open, theme);
        await scan(demo, 'incoming-preview', theme);
        // Declined and closed: the next theme's tab (the same user) must ring alone.
        await demo.page.click(SEL.reject);
        await demo.gone(SEL.incoming);
        await demo.page.close();
      }
    },
  },
  {
    name: 'preview: without the camera allowed, a ringing video call asks for nothing and shows no preview',
    fn: async ({open}) => {
      const demo = await open(); // The camera never allowed: the permission says 'prompt'.
      await demo.click('ring-video-ada');
      await demo.visible(SEL.incoming);
      await demo.visible(VOICE); // The screen is up, its parts rendered.
      // The kit asked for the permission when the call rang: asked again here, this answer comes after that one.
      const state = await demo.page.evaluate(
        async () => (await navigator.permissions.query({name: 'camera'})).state,
      );
      expect(state !== 'granted', `the camera permission should not be granted here, is ${state}`);
      const asked = await demo.page.evaluate(() => window.__e2e.userMediaAsked);
      expect(asked.length === 0, `getUserMedia was called while it rang: ${asked.join(', ')}`);
      expect((await demo.page.$(PREVIEW)) === null, 'a preview shows without the permission');
    },
  },
  {
    name: "preview: two tabs: Linus answers Grace's video call as voice; his page opens no camera, his call is a voice call",
    timeout: 30000,
    fn: async ({open}) => {
      const grace = await open({user: 'grace'});
      const linus = await open({user: 'linus'});
      await grace.click('call-video-linus');
      await linus.visible(VOICE);
      await linus.textIs(VOICE, 'Answer as voice');
      await linus.page.click(VOICE);
      await linus.visible(SEL.ongoing);
      await grace.visible(SEL.ongoing);
      expect((await linus.page.$(SEL.camera)) === null, "Linus's ongoing call offers a camera");
      // Linus's media: asked for the microphone alone, and no video track in what he sends.
      await linus.page.waitForFunction(() => window.__e2e.userMediaAsked.length > 0, null, {
        timeout: 5000,
      });
      const asked = await linus.page.evaluate(() => window.__e2e.userMediaAsked);
      expect(
        asked.every(constraints => !JSON.parse(constraints)?.video),
        `Linus's page asked for a camera: ${asked.join(', ')}`,
      );
      await grace.page.click(SEL.ongoingEnd);
      await linus.gone(SEL.ongoing);
    },
  },
];
