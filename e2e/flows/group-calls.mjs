// Group calls (issue 34) in real tabs of one browser, each the demo as one person, on the in-memory SDK (the tabs
// share calls over a BroadcastChannel): Grace calls the Team (Grace, Ada, Alan, Katherine), the others ring in their
// own tabs and answer there. The demo's simulated answers are off ('never'): only the tabs answer.
//   - ring three, one declines, one accepts, one joins late, a fifth is added, the caller leaves, the call goes on;
//   - the caller cancels before anyone answers: every ring stops, each callee has a missed call from her;
//   - everyone declines: the caller reads "Declined" with Call again.
// Screenshots (e2e/screenshots/): group-incoming.png, group-outgoing-chips.png, group-grid.png, group-panel.png,
// group-declined.png; each of those states is scanned by axe (no violation). In one tab, the incoming screen, the
// outgoing one with a chip and the grid with its panel open are scanned again in the dark theme and, 320 px wide, in
// the brand theme, with no name or label cut: group-{incoming,outgoing-chips,panel}{-dark,-320-brand}.png.
// Linus is added through the grid's People panel, "Add people": the demo must give the screens its people
// (KitGroupCallScreens.peopleToAdd), or the button is not there.
import {SEL, expect} from '../harness.mjs';
import {scan} from './axe.mjs';
import {cutTexts} from './languages.mjs';

/** The group parts of the screens (kit-chat-uikit-angular/group). */
const GROUP = {
  title: '.kit-group-call-title',
  status: '.kit-group-call-status',
  chip: status => `.kit-group-call-chip-${status}`,
  grid: '.kit-group-call-grid',
  tileName: '.kit-group-call-tile-name',
  liveVideo: '.kit-group-call-tile-video:not(.kit-group-call-tile-video-hidden)',
  people: '.kit-group-call-people-button',
  panel: '.kit-group-call-panel',
  panelClose: '.kit-group-call-panel-close',
  addPeople: '.kit-group-call-add-people',
  add: '.kit-group-call-add',
};

const NAMES = {
  grace: 'Grace Hopper',
  ada: 'Ada Lovelace',
  alan: 'Alan Turing',
  katherine: 'Katherine Johnson',
  linus: 'Linus Torvalds',
};
const CALLEES = ['ada', 'alan', 'katherine'];
/** The machine is shared and several tabs draw video: waits are generous, on states, never fixed sleeps. */
const WAIT = 15000;

/** Opens a tab of the demo as each user, the simulated people answering nothing (the tabs answer). */
async function openTabs(open, users, query = {}) {
  const tabs = {};
  for (const user of users) {
    tabs[user] = await open({
      user,
      state: {answers: {ada: 'never', alan: 'never', katherine: 'never'}},
      query,
    });
    expect((await tabs[user].text(SEL.testId('me'))) === NAMES[user], `the tab is not ${user}`);
  }
  return tabs;
}

/** Waits until the tab rings with Grace's call to the Team (the group's own incoming screen). */
async function ringsFromGrace(tab, type) {
  await tab.visible(SEL.incoming, WAIT);
  await tab.textIs(GROUP.title, 'Grace Hopper is calling Team', WAIT);
  await tab.textIs(GROUP.status, `${type} call · 4 people`);
}

/** Fails unless the tab's ringtone (or any sound it started) plays or has stopped, waiting for it. */
async function expectSound(tab, playing, who) {
  try {
    await tab.page.waitForFunction(
      want => window.__e2e.media.filter(media => !media.paused).length > 0 === want,
      playing,
      {timeout: WAIT},
    );
  } catch {
    const sound = await tab.sound();
    throw new Error(
      `${who}: sound should be ${playing ? 'playing' : 'stopped'}, ${sound.playing} playing`,
    );
  }
}

/** The names on the tiles of the tab's grid. */
function tileNames(tab) {
  return tab.page.$$eval(GROUP.tileName, names => names.map(name => name.textContent.trim()));
}

/** Waits until the tab's grid shows exactly these people's tiles ("You" for the tab's user), in any order. */
async function expectTiles(tab, names, who) {
  const want = [...names].sort();
  try {
    await tab.page.waitForFunction(
      ([selector, expected]) =>
        JSON.stringify(
          [...document.querySelectorAll(selector)].map(name => name.textContent.trim()).sort(),
        ) === JSON.stringify(expected),
      [GROUP.tileName, want],
      {timeout: WAIT},
    );
  } catch {
    throw new Error(
      `${who}'s grid should show ${want.join(', ')}, shows ${(await tileNames(tab)).join(', ') || 'no tile'}`,
    );
  }
}

/** Waits until the caller's screen shows a chip of this status that reads `text`. */
async function expectChip(tab, text, status) {
  try {
    await tab.page.waitForFunction(
      ([selector, want]) =>
        [...document.querySelectorAll(selector)].some(chip =>
          chip.textContent.replace(/\s+/g, ' ').includes(want),
        ),
      [GROUP.chip(status), text],
      {timeout: WAIT},
    );
  } catch {
    const chips = await tab.page.$$eval('.kit-group-call-chip', items =>
      items.map(chip => chip.textContent.replace(/\s+/g, ' ').trim()),
    );
    throw new Error(`no chip "${text}" (${status}): chips ${chips.join(' | ') || 'none'}`);
  }
}

/** Fails unless each tab still rings (its incoming screen is there). */
async function expectRinging(tabs, why) {
  for (const [who, tab] of Object.entries(tabs)) {
    expect(await tab.page.isVisible(SEL.incoming), `${who} no longer rings ${why}`);
  }
}

/** Fails unless each of these elements lies inside the tab's window (where a mouse can reach it). */
async function expectInWindow(tab, selectors, who) {
  for (const selector of selectors) {
    const box = await tab.page.$eval(selector, element => {
      const {top, bottom} = element.getBoundingClientRect();
      return {top, bottom, height: innerHeight};
    });
    expect(
      box.top >= 0 && box.bottom <= box.height,
      `${who}: ${selector} is out of the window (${box.top}-${box.bottom} px of ${box.height} px)`,
    );
  }
}

/** Marks the calls of earlier tests seen in the tab's call log (the lane's browser keeps its IndexedDB). */
async function noneMissed(tab) {
  if (await tab.page.$(SEL.testId('missed-badge'))) {
    await tab.click('call-log-seen');
  }
  await tab.gone(SEL.testId('missed-badge'));
}

/** Grace's tab calls the Team, and each callee's tab rings. */
async function graceCallsTheTeam(tabs, type) {
  await tabs.grace.click(type === 'Video' ? 'call-team-video' : 'call-team-voice');
  await tabs.grace.visible(SEL.outgoing, WAIT);
  await tabs.grace.textIs(GROUP.title, 'Team');
  await tabs.grace.textIs(GROUP.status, 'Calling 3 people…');
  for (const uid of CALLEES) {
    await ringsFromGrace(tabs[uid], type);
  }
}

/**
 * Waits until each tile but the tab's own plays a stream that an RTCPeerConnection of the tab receives (the mesh,
 * not a drawing) and its frames advance; keeps in `window.__meshOf` the connection of each person, by name.
 */
async function playsRemote(tab, who) {
  const started = Date.now();
  for (;;) {
    const answer = await tab.page.evaluate(receivedAndPlaying);
    if (answer === true) {
      return;
    }
    if (Date.now() - started > WAIT) {
      throw new Error(`${who}'s tiles do not play received streams: ${answer}`);
    }
    await new Promise(done => setTimeout(done, 300));
  }
}

/**
 * In the page: whether the two far tiles play what a connection receives, their frames advancing; else why not.
 * Keeps in `window.__meshOf` the connection of each person, by name.
 */
async function receivedAndPlaying() {
  const tiles = [
    ...document.querySelectorAll('.kit-group-call-tile:not(.kit-group-call-tile-self)'),
  ];
  const meshOf = {};
  for (const tile of tiles) {
    const name = tile.querySelector('.kit-group-call-tile-name').textContent.trim();
    const video = tile.querySelector('video');
    const tracks = video?.srcObject?.getTracks() ?? [];
    const pc = window.__e2e.peers.find(each =>
      each.getReceivers().some(receiver => tracks.includes(receiver.track)),
    );
    const received = pc?.getReceivers().map(receiver => receiver.track) ?? [];
    if (!pc || pc.connectionState !== 'connected') {
      return `${name}: no connected connection receives what the tile plays`;
    }
    if (!tracks.some(track => track.kind === 'video')) {
      return `${name}: no video track`;
    }
    if (!tracks.every(track => received.includes(track))) {
      return `${name}: a track the connection does not receive`;
    }
    // Frames advance: a frame presented, then a later one (the machine is shared: a few a second may be all).
    const frame = () =>
      new Promise(done => {
        video.requestVideoFrameCallback((_, meta) => done(meta.presentedFrames));
        setTimeout(() => done(null), 3000);
      });
    const first = await frame();
    await new Promise(done => setTimeout(done, 300));
    const later = await frame();
    if (first === null || later === null || later <= first) {
      return `${name}: frames ${first} then ${later} (paused ${video.paused}, ${video.videoWidth} px)`;
    }
    meshOf[name] = pc;
  }
  window.__meshOf = meshOf;
  return tiles.length === 2 || `${tiles.length} far tiles`;
}

/** The group screens' names and labels, checked not to be cut (`cutTexts`). */
const GROUP_TEXTS = [
  GROUP.title,
  GROUP.status,
  '.kit-group-call-chip',
  '.kit-group-call-name',
  GROUP.tileName,
  '.kit-group-call-panel-title',
  GROUP.panelClose,
  '.kit-group-call-person-name',
  '.kit-group-call-person-status',
  '.kit-group-call-ring-again',
  GROUP.addPeople,
];
const THEMES = {dark: 'demo-theme-dark', brand: 'demo-brand-theme'};
/** The looks each group screen is scanned in (CI time: two, not four): each theme once, 320 px in the widest title. */
const LOOKS = [
  {theme: 'dark', width: 1280, height: 800},
  {theme: 'brand', width: 320, height: 640},
];

/**
 * Scans the tab's group screen with axe in the dark theme 1280 px wide, then the brand theme (a 36 px title) 320 px
 * wide (the demo's classes on <html>, switched in place: one tab for all), and fails on a name or label cut in each.
 */
async function scanEveryLook(tab, screen) {
  for (const {theme, width, height} of LOOKS) {
    await tab.page.evaluate(
      ([all, want]) => {
        const root = document.documentElement.classList;
        Object.values(all).forEach(each => root.toggle(each, each === want));
      },
      [THEMES, THEMES[theme]],
    );
    await tab.page.setViewportSize({width, height});
    const look = width === 320 ? `${screen}-320` : screen;
    await scan(tab, look, theme);
    const cut = await cutTexts(tab.page, GROUP_TEXTS);
    expect(cut.length === 0, `${look} (${theme}): ${cut.length} text(s) cut\n${cut.join('\n')}`);
  }
}

/** The newest missed call not seen yet in the tab's call log. */
const LOG_ROW = '[data-testid="call-log"] .kit-call-log-unseen';

export const groupCallTests = [
  {
    name: 'group: Grace rings three, Ada declines, Alan accepts, Katherine joins late, Linus is added, Grace leaves',
    timeout: 180000,
    fn: async ({open}) => {
      const tabs = await openTabs(open, ['grace', ...CALLEES, 'linus']);
      const {grace, ada, alan, katherine, linus} = tabs;
      await graceCallsTheTeam(tabs, 'Video');
      expect(!(await linus.page.isVisible(SEL.anyScreen)), 'Linus, not in the Team, rings');
      await scan(ada, 'group-incoming', null);

      // One decline shows as her chip on Grace's screen, and ends nothing: the others still ring.
      await ada.page.click(SEL.reject);
      await ada.gone(SEL.incoming, WAIT);
      await expectChip(grace, 'Ada Lovelace · Declined', 'declined');
      await scan(grace, 'group-outgoing-chips', null);
      expect(await grace.page.isVisible(SEL.outgoing), "Ada's decline ended Grace's call");
      await expectRinging({alan, katherine}, "after Ada's decline");

      // The first accept connects: Grace and Alan see the grid; Katherine still rings.
      await alan.page.click(SEL.accept);
      await alan.visible(GROUP.grid, WAIT);
      await grace.visible(GROUP.grid, WAIT);
      await grace.gone(SEL.outgoing, WAIT);
      await expectTiles(grace, ['You', NAMES.alan], 'Grace');
      await expectTiles(alan, ['You', NAMES.grace], 'Alan');
      await expectRinging({katherine}, "after Alan's accept");

      // Katherine joins late: she accepts her ring while the call already goes on (joining from Recent calls after a
      // missed ring is the test "Katherine misses the ring…").
      await katherine.page.click(SEL.accept);
      await katherine.visible(GROUP.grid, WAIT);
      await expectTiles(grace, ['You', NAMES.alan, NAMES.katherine], 'Grace');
      await expectTiles(katherine, ['You', NAMES.grace, NAMES.alan], 'Katherine');

      // Grace adds Linus from the People panel: his tab rings with the call.
      // The call's controls stay in the window (1280 x 800) with three tiles: a user can reach People and End.
      await expectInWindow(grace, [GROUP.people, SEL.ongoingEnd], 'Grace');
      await grace.page.click(GROUP.people);
      await grace.visible(GROUP.panel);
      await grace.page.click(GROUP.addPeople);
      await grace.page.click(`${GROUP.add}:has-text("Add Linus Torvalds")`);
      await linus.visible(SEL.incoming, WAIT);
      await linus.textIs(GROUP.title, 'Grace Hopper is calling Team', WAIT);
      await scan(grace, 'group-panel', null);
      await linus.page.click(SEL.accept);
      await linus.visible(GROUP.grid, WAIT);
      await grace.page.click(GROUP.panelClose);
      await grace.gone(GROUP.panel);
      const four = ['You', NAMES.alan, NAMES.katherine, NAMES.linus];
      await expectTiles(grace, four, 'Grace');
      // A grid of four videos: each tile's video plays (the in-memory SDK draws each person's picture).
      await grace.page.waitForFunction(
        selector =>
          [...document.querySelectorAll(selector)].filter(video => video.videoWidth > 0).length ===
          4,
        GROUP.liveVideo,
        {timeout: WAIT},
      );
      await scan(grace, 'group-grid', null);

      // Grace leaves: her screen goes, the call goes on for the three others, without her tile.
      await grace.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing, WAIT);
      await expectTiles(alan, ['You', NAMES.katherine, NAMES.linus], 'Alan');
      await expectTiles(katherine, ['You', NAMES.alan, NAMES.linus], 'Katherine');
      await expectTiles(linus, ['You', NAMES.alan, NAMES.katherine], 'Linus');
      for (const [who, tab] of Object.entries({alan, katherine, linus})) {
        expect(await tab.page.isVisible(SEL.ongoing), `${who}'s call ended when Grace left`);
      }
    },
  },
  {
    name: 'group: Grace cancels before anyone answers, every ring stops, each has a missed call from her',
    timeout: 120000,
    fn: async ({open}) => {
      const tabs = await openTabs(open, ['grace', ...CALLEES]);
      for (const uid of CALLEES) {
        await noneMissed(tabs[uid]);
      }
      await graceCallsTheTeam(tabs, 'Voice');
      for (const uid of CALLEES) {
        await expectSound(tabs[uid], true, NAMES[uid]);
      }
      await tabs.grace.page.click(SEL.outgoingEnd);
      await tabs.grace.event('ccCallEnded', WAIT);
      for (const uid of CALLEES) {
        const tab = tabs[uid];
        await tab.gone(SEL.incoming, WAIT);
        await expectSound(tab, false, NAMES[uid]);
        // A missed call to the Team from Grace; it is over, so nothing to join.
        await tab.textIs(SEL.testId('missed-badge'), '1', WAIT);
        await tab.textIs(`${LOG_ROW} .kit-call-log-name`, 'Team');
        await tab.textIs(`${LOG_ROW} .kit-call-log-caller`, 'Called by Grace Hopper');
        expect(
          !(await tab.page.$(`${LOG_ROW} .kit-call-log-join`)),
          `${uid} may join a cancelled call`,
        );
        const events = await tab.events();
        expect(!events.includes('ccCallAccepted'), `${uid} accepted a cancelled call: ${events}`);
      }
    },
  },
  {
    name: 'group: Katherine misses the ring while Grace and Alan talk, and joins from Recent calls',
    timeout: 120000,
    fn: async ({open}) => {
      const answers = {ada: 'never', alan: 'never', katherine: 'never'};
      const grace = await open({user: 'grace', state: {answers}});
      const alan = await open({user: 'alan', state: {answers}});
      // Her ring times out soon: a missed call while the call goes on.
      const katherine = await open({
        user: 'katherine',
        query: {ringTimeout: 3000},
        state: {answers},
      });
      await noneMissed(katherine);
      await grace.click('call-team-voice');
      await ringsFromGrace(alan, 'Voice');
      await ringsFromGrace(katherine, 'Voice');
      await alan.page.click(SEL.accept);
      await expectTiles(grace, ['You', NAMES.alan], 'Grace');

      await katherine.gone(SEL.incoming, WAIT);
      await katherine.textIs(SEL.testId('missed-badge'), '1', WAIT);
      await katherine.textIs(`${LOG_ROW} .kit-call-log-name`, 'Team');
      const join = `${LOG_ROW} .kit-call-log-join`;
      await katherine.visible(join, WAIT);
      expect(
        (await katherine.page.getAttribute(join, 'aria-label')) === 'Join the call with Team',
        'the Join button is not named for the Team',
      );
      await katherine.page.click(join);
      await expectTiles(katherine, ['You', NAMES.grace, NAMES.alan], 'Katherine');
      await expectTiles(grace, ['You', NAMES.alan, NAMES.katherine], 'Grace');
      await expectTiles(alan, ['You', NAMES.grace, NAMES.katherine], 'Alan');

      // Docked, her call shows who speaks (the in-memory people's tones speak and pause).
      await katherine.page.click('.kit-call-dock-minimize');
      await katherine.page.waitForFunction(
        names =>
          names.includes(
            document.querySelector('.kit-group-call-speaker-name')?.textContent?.trim(),
          ),
        [`${NAMES.grace} is speaking`, `${NAMES.alan} is speaking`],
        {timeout: WAIT},
      );
    },
  },
  {
    name: 'group: everyone declines, Grace reads "Declined" with Call again',
    timeout: 120000,
    fn: async ({open}) => {
      const tabs = await openTabs(open, ['grace', ...CALLEES]);
      await graceCallsTheTeam(tabs, 'Voice');
      for (const [index, uid] of CALLEES.entries()) {
        await tabs[uid].page.click(SEL.reject);
        await tabs[uid].gone(SEL.incoming, WAIT);
        await expectChip(tabs.grace, `${NAMES[uid]} · Declined`, 'declined');
        if (index < CALLEES.length - 1) {
          // Until the last one, a decline ends nothing.
          expect(await tabs.grace.page.isVisible(SEL.outgoing), `${uid}'s decline ended the call`);
          await tabs.grace.textIs(GROUP.status, 'Calling 3 people…');
        }
      }
      await tabs.grace.textIs(GROUP.status, 'Declined', WAIT);
      await tabs.grace.visible(SEL.callAgain, WAIT);
      const chips = await tabs.grace.page.$$eval(GROUP.chip('declined'), items => items.length);
      expect(chips === 3, `Grace should see 3 "Declined" chips, sees ${chips}`);
      expect(await tabs.grace.page.isVisible(SEL.outgoing), 'the outcome left before its scan');
      await scan(tabs.grace, 'group-declined', null);
      const events = await tabs.grace.events();
      expect(!events.includes('ccCallAccepted'), `a declined group call was accepted: ${events}`);
    },
  },
  {
    name: 'group: axe and no text cut, dark theme and brand at 320 px: incoming, outgoing with a chip, panel',
    timeout: 40000,
    fn: async ({open}) => {
      // One tab: Ada (played by the tab) rings the Team, Grace in it; then Grace calls the Team and the far side
      // makes Alan decline (a chip) and Ada accept (the grid).
      const grace = await open({
        user: 'grace',
        state: {theme: 'dark', answers: {ada: 'never', alan: 'never', katherine: 'never'}},
      });
      await grace.far('team-ring-me');
      await grace.textIs(GROUP.title, 'Ada Lovelace is calling Team', WAIT);
      await scanEveryLook(grace, 'group-incoming');
      await grace.page.click(SEL.reject);
      await grace.gone(SEL.incoming, WAIT);

      await grace.page.setViewportSize({width: 1280, height: 800});
      await grace.click('call-team-video');
      await grace.visible(SEL.outgoing, WAIT);
      await grace.far('team-reject-alan');
      await expectChip(grace, 'Alan Turing · Declined', 'declined');
      await scanEveryLook(grace, 'group-outgoing-chips');

      await grace.far('team-accept-ada');
      await grace.visible(GROUP.grid, WAIT);
      await grace.page.setViewportSize({width: 1280, height: 800});
      await grace.page.click(GROUP.people);
      await grace.visible(GROUP.panel);
      await grace.page.click(GROUP.addPeople);
      await grace.visible(GROUP.add);
      await scanEveryLook(grace, 'group-panel');
    },
  },
  {
    name: 'group: a video call of three tabs plays each tab the two others over real connections; one leaves, closed',
    timeout: 60000,
    fn: async ({open}) => {
      // The demo's mesh (`?mesh=1`): real connections between the tabs.
      const tabs = await openTabs(open, ['grace', 'ada', 'alan'], {mesh: 1});
      const {grace, ada, alan} = tabs;
      await grace.click('call-team-video');
      for (const tab of [ada, alan]) {
        await ringsFromGrace(tab, 'Video');
        await tab.page.click(SEL.accept);
      }
      const others = {grace: ['ada', 'alan'], ada: ['grace', 'alan'], alan: ['grace', 'ada']};
      for (const [who, tab] of Object.entries({grace, ada, alan})) {
        await expectTiles(tab, ['You', ...others[who].map(each => NAMES[each])], who);
        await playsRemote(tab, who);
      }
      // Ada leaves: Grace's and Alan's connections to her close, theirs to each other stay.
      await ada.page.click(SEL.ongoingEnd);
      await ada.gone(SEL.ongoing, WAIT);
      for (const [who, tab] of Object.entries({grace, alan})) {
        try {
          await tab.page.waitForFunction(
            name => {
              const states = window.__meshOf;
              return (
                states[name].connectionState === 'closed' &&
                Object.entries(states).every(
                  ([other, pc]) => other === name || pc.connectionState === 'connected',
                )
              );
            },
            NAMES.ada,
            {timeout: WAIT},
          );
        } catch {
          const states = await tab.page.evaluate(() =>
            Object.entries(window.__meshOf).map(([name, pc]) => `${name}: ${pc.connectionState}`),
          );
          throw new Error(`${who}'s connections after Ada left: ${states.join(', ')}`);
        }
      }
      // Ada's own tab closed every connection it had.
      const stillOpen = await ada.page.evaluate(
        () => window.__e2e.peers.filter(pc => pc.connectionState !== 'closed').length,
      );
      expect(stillOpen === 0, `Ada's tab left ${stillOpen} connections open`);
    },
  },
];
