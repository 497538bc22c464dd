// A phone that is not a browser (issue 36, part 8): baresip, a headless SIP phone, registers over plain SIP (UDP) on
// the proxy's phones port and speaks plain RTP; Kamailio hands its media to rtpengine, which bridges it to the
// browsers' ICE + DTLS-SRTP. The tests call it from the kit and let it call the kit, and check the sound both ways
// by its energy: in the browser, an analyser on the received track; on the phone, the WAV that baresip's `sndfile`
// writes of what it decodes. baresip sends a 440 Hz sine (`ausine`); Chromium's fake microphone beeps. The keypad's
// digits, as RFC 4733 events or SIP INFO, are read in baresip's log, which names each one it received.
import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {createConnection} from 'node:net';
import {join} from 'node:path';
import {mintSipCredentials} from '../../tools/sip-credentials.mjs';
import {SEL, expect} from '../harness.mjs';
import {freePort} from './proxies.mjs';

/** Whether baresip is installed (Debian: baresip-core). */
export function baresipInstalled() {
  return existsSync('/usr/bin/baresip');
}

/**
 * Starts baresip as `uid`, registered through the proxy's phones port, answering every call at once.
 * @returns {Promise<DeskPhone>}
 */
export async function startDeskPhone({dir, secret, uid, phonePort, codecs = 'opus/48000/2,PCMU'}) {
  const home = join(dir, `baresip-${uid}`);
  mkdirSync(home, {recursive: true});
  const [sipPort, ctrlPort] = [await freePort(), await freePort()];
  writeFileSync(
    join(home, 'config'),
    [
      'poll_method epoll',
      `sip_listen 127.0.0.1:${sipPort}`,
      'sip_transports udp',
      'audio_player alsa,null',
      'audio_source ausine,440',
      // ausine makes 48 kHz stereo only: baresip resamples it for a G.711 call.
      'ausrc_srate 48000',
      'ausrc_channels 2',
      'audio_alert alsa,null',
      'audio_srate 48000',
      'audio_channels 1',
      'module_path /usr/lib/baresip/modules',
      ...['g711', 'opus', 'alsa', 'ausine', 'sndfile'].map(name => `module ${name}.so`),
      ...['account', 'menu', 'ctrl_tcp'].map(name => `module_app ${name}.so`),
      `ctrl_tcp_listen 127.0.0.1:${ctrlPort}`,
      `snd_path ${home}`,
      '',
    ].join('\n'),
  );
  const {username, password} = mintSipCredentials(secret, uid);
  writeFileSync(
    join(home, 'accounts'),
    `<sip:${uid}@kit.test>;auth_user=${username};auth_pass=${password};` +
      `outbound="sip:127.0.0.1:${phonePort};transport=udp";regint=600;answermode=auto;` +
      `audio_codecs=${codecs}\n`,
  );
  const child = spawn('baresip', ['-f', home], {stdio: ['pipe', 'pipe', 'pipe']});
  // Whatever ends this run (a crash included), the phone is stopped by its pid.
  const stopOnExit = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', stopOnExit);
  child.once('exit', () => process.removeListener('exit', stopOnExit));
  let output = '';
  child.stdout.on('data', data => (output += data));
  child.stderr.on('data', data => (output += data));
  const phone = new DeskPhone(child, home, ctrlPort, () => output);
  await phone.until(() => / 200 OK .*binding/.test(output), `${uid} never registered`, 10000);
  return phone;
}

export class DeskPhone {
  constructor(child, home, ctrlPort, output) {
    this.child = child;
    this.home = home;
    this.ctrlPort = ctrlPort;
    this.output = output;
  }

  /** Polls `check` every 100 ms until it holds, or fails with `what` and baresip's last lines. */
  async until(check, what, timeout = 8000) {
    const deadline = Date.now() + timeout;
    while (!check()) {
      if (Date.now() > deadline || this.child.exitCode !== null) {
        throw new Error(
          `${what}; baresip said:\n${this.output().split('\n').slice(-15).join('\n')}`,
        );
      }
      await new Promise(done => setTimeout(done, 100));
    }
  }

  /** Sends a command to baresip's ctrl_tcp (a netstring of JSON) and resolves its response. */
  command(command, params = '') {
    return new Promise((done, fail) => {
      const socket = createConnection(this.ctrlPort, '127.0.0.1');
      const body = JSON.stringify({command, params, token: String(Date.now())});
      let data = '';
      socket.on('connect', () => socket.write(`${Buffer.byteLength(body)}:${body},`));
      // Netstrings (`length:json,`): events may come before the response.
      socket.on('data', chunk => {
        data += chunk;
        for (let colon = data.indexOf(':'); colon > 0; colon = data.indexOf(':')) {
          const length = Number(data.slice(0, colon));
          if (data.length < colon + 1 + length + 1) {
            return;
          }
          const message = JSON.parse(data.slice(colon + 1, colon + 1 + length));
          data = data.slice(colon + 1 + length + 1);
          if (message.response) {
            socket.end();
            done(message);
            return;
          }
        }
      });
      socket.on('error', fail);
      setTimeout(
        () => (socket.destroy(), fail(new Error(`baresip: no answer to ${command}`))),
        5000,
      );
    });
  }

  /** Whether a call is established now (from baresip's own log). */
  established() {
    return /Call established|call established|CALL_ESTABLISHED/i.test(this.output());
  }

  /**
   * The keypad digits the phone received, in order, as baresip 1.0's call.c logs them: RFC 4733 telephone events in
   * the audio by the start of each (`received event: '1' (end=0)`; its end says `end=1`), SIP INFO dtmf-relay by
   * `call: received DTMF: '1' (duration=100)`.
   * @param {'rfc4733'|'info'} how Which of the two.
   */
  receivedDigits(how) {
    const line =
      how === 'info' ? /call: received DTMF: '(.)'/g : /received event: '(.)' \(end=0\)/g;
    return [...this.output().matchAll(line)].map(match => match[1]).join('');
  }

  /**
   * The RMS (0..1) of what the phone heard: the newest WAV that sndfile wrote of decoded audio, from `skip` seconds in.
   */
  heardEnergy(skip = 1) {
    const heard = readdirSync(this.home)
      .filter(name => /dec\.wav$/.test(name))
      .sort();
    if (!heard.length) {
      return 0;
    }
    const wav = readFileSync(join(this.home, heard.at(-1)));
    const data = wav.indexOf('data') + 8; // 16-bit PCM after the "data" chunk header
    const rate = wav.readUInt32LE(24);
    const channels = wav.readUInt16LE(22);
    let sum = 0;
    let count = 0;
    for (let at = data + skip * rate * channels * 2; at + 1 < wav.length; at += 2) {
      const sample = wav.readInt16LE(at) / 32768;
      sum += sample * sample;
      count++;
    }
    return count ? Math.sqrt(sum / count) : 0;
  }

  /** Stops baresip by its pid. */
  async stop() {
    if (this.child.exitCode === null) {
      this.child.kill('SIGTERM');
      await new Promise(done => {
        const timer = setTimeout(() => (this.child.kill('SIGKILL'), done()), 3000);
        this.child.once('exit', () => (clearTimeout(timer), done()));
      });
    }
  }
}

/** The RMS (0..1) of the audio a tab receives, over `ms`: an analyser on the newest open peer connection's track. */
export function receivedEnergy(tab, ms = 1500) {
  return tab.page.evaluate(async ms => {
    // The newest connection still open: a tab with two calls (one held) keeps the one left after the other ended.
    const peers = window.__e2e.peers;
    const receiver = (
      peers.filter(peer => peer.connectionState !== 'closed').at(-1) ?? peers.at(-1)
    )
      ?.getReceivers()
      .find(each => each.track?.kind === 'audio');
    if (!receiver) {
      return 0;
    }
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    context.createMediaStreamSource(new MediaStream([receiver.track])).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let peak = 0;
    const end = Date.now() + ms;
    while (Date.now() < end) {
      await new Promise(done => setTimeout(done, 50));
      analyser.getFloatTimeDomainData(samples);
      const rms = Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);
      peak = Math.max(peak, rms);
    }
    await context.close();
    return peak;
  }, ms);
}

/** Waits until a tab hears sound above `floor`; resolves the energy heard. */
async function hears(tab, floor, what) {
  const deadline = Date.now() + 10000;
  let energy = 0;
  while (Date.now() < deadline) {
    energy = await receivedEnergy(tab);
    if (energy > floor) {
      return energy;
    }
  }
  throw new Error(`${what}: energy ${energy.toFixed(4)}`);
}

/** The sound both ways of a call between a tab and the desk phone. */
async function soundBothWays(tab, phone) {
  const atTab = await hears(tab, 0.01, 'the tab hears no sound from the desk phone');
  await phone.until(
    () => phone.heardEnergy() > 0.01,
    'the desk phone hears no sound from the tab',
    10000,
  );
  return `tab hears ${atTab.toFixed(3)}, phone hears ${phone.heardEnergy().toFixed(3)} (RMS)`;
}

/**
 * Opens the keypad of the ongoing screen and presses `keys` in turn: `click:<key>` on its button, `type:<key>` on the
 * keyboard; checks that the keypad shows them as sent.
 */
async function pressKeys(tab, keys) {
  await tab.page.click('.kit-keypad-toggle');
  for (const each of keys) {
    const [how, key] = each.split(':');
    if (how === 'click') {
      await tab.page
        .locator('.kit-keypad-key')
        .filter({has: tab.page.locator('.kit-keypad-key-digit', {hasText: key})})
        .click();
    } else {
      await tab.page.keyboard.press(key);
    }
  }
  const digits = keys.map(each => each.split(':')[1]).join('');
  await tab.page.waitForFunction(
    digits => document.querySelector('.kit-keypad-digits')?.textContent?.trim().endsWith(digits),
    digits,
    {timeout: 3000},
  );
  return digits;
}

/**
 * Waits until the phone received as many digits as were sent (and 500 ms more, for any extra one), then checks that
 * it received exactly them, and nothing the other way.
 */
async function phoneReceives(phone, how, digits) {
  const other = how === 'info' ? 'rfc4733' : 'info';
  const deadline = Date.now() + 5000;
  while (phone.receivedDigits(how).length < digits.length && Date.now() < deadline) {
    await new Promise(done => setTimeout(done, 100));
  }
  await new Promise(done => setTimeout(done, 500));
  const received = phone.receivedDigits(how);
  expect(received === digits, `the desk phone received "${received}", not "${digits}" (${how})`);
  expect(
    !phone.receivedDigits(other),
    `the desk phone received "${phone.receivedDigits(other)}" by ${other} too`,
  );
  return received;
}

/**
 * The kit calls the desk phone with the keypad's digits sent `how`; the user waits until the call is heard, opens
 * the keypad and presses keys, clicked and typed; the phone receives them.
 */
async function digitsToDeskPhone({open, phones}, how) {
  // A G.711 phone for RFC 4733. In an Opus call whose answer has telephone-event/8000 only (as baresip's has),
  // Chromium sends each digit as its three end packets only, at once (duration 960: one 20 ms frame at Opus's
  // 48 kHz), and baresip 1.0 (libre's telev_recv) reports an end without a start once per call: "12#" was on the
  // wire, baresip logged "1" alone. With PCMU the clocks match: each digit is a whole event (start, updates, end).
  const phone = await phones.start('linus', how === 'rfc4733' ? {codecs: 'PCMU'} : {});
  const grace = await open('grace', {
    proxy: phones.url,
    query: how === 'info' ? {dtmf: 'info'} : {},
  });
  await grace.click('call-voice-linus');
  await grace.visible(SEL.ongoing, 10000);
  // Keys pressed before the media path is up would be lost in the audio: the user presses them once the call is
  // heard (the menu), and so does the test, once the phone hears the tab.
  await phone.until(
    () => phone.heardEnergy(0) > 0.01,
    'the desk phone hears no sound from the tab',
  );
  const digits = await pressKeys(grace, ['click:1', 'type:2', 'click:#']);
  console.log(`    the desk phone received "${await phoneReceives(phone, how, digits)}" (${how})`);
  await grace.page.click(SEL.ongoingEnd);
  await grace.gone(SEL.ongoing, 8000);
}

/** Waits until a tab hears silence (below `floor`); resolves the energy heard. */
async function silent(tab, floor, what) {
  const deadline = Date.now() + 10000;
  let energy = 1;
  while (Date.now() < deadline) {
    energy = await receivedEnergy(tab);
    if (energy < floor) {
      return energy;
    }
  }
  throw new Error(`${what}: energy ${energy.toFixed(4)}`);
}

export const deskPhoneFlows = [
  {
    name: 'desk phone: hold both ways with a desk phone (sendonly re-INVITEs through Kamailio and rtpengine): the kit holds, the tab hears silence, Resume: sound again; the phone holds, the kit says so, silence, sound again',
    timeout: 60000,
    fn: async ({open, phones}) => {
      const phone = await phones.start('linus');
      const grace = await open('grace', {proxy: phones.url});
      await grace.click('call-voice-linus');
      await grace.visible(SEL.ongoing, 10000);
      console.log(`    before the hold: ${await soundBothWays(grace, phone)}`);
      await grace.page.click('.kit-hold-toggle');
      await grace.attribute('.kit-hold-toggle', 'aria-label', 'Resume', 10000);
      const held = await silent(grace, 0.01, 'the tab still hears the desk phone while held');
      console.log(`    held: the tab hears ${held.toFixed(4)}`);
      await grace.page.click('.kit-hold-toggle');
      await grace.attribute('.kit-hold-toggle', 'aria-label', 'Hold', 10000);
      const back = await hears(
        grace,
        0.01,
        'the tab hears nothing from the desk phone after Resume',
      );
      console.log(`    resumed: the tab hears ${back.toFixed(4)}`);
      // The other way: the desk phone holds (its re-INVITE, sendonly), the kit says so and hears silence; it resumes.
      await phone.command('hold');
      await grace.textIs(SEL.ongoingStatus, 'Linus Torvalds put you on hold', 10000);
      const farHeld = await silent(grace, 0.01, 'the tab still hears the desk phone that held it');
      console.log(`    held by the desk phone: the tab hears ${farHeld.toFixed(4)}`);
      await phone.command('resume');
      const farBack = await hears(grace, 0.01, 'the tab hears nothing after the phone resumed');
      console.log(`    the desk phone resumed: the tab hears ${farBack.toFixed(4)}`);
      await grace.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing, 8000);
    },
  },
  {
    name: 'desk phone: the kit calls a desk phone (baresip, plain RTP through rtpengine); sound both ways',
    fn: async ({open, phones}) => {
      const phone = await phones.start('linus');
      const grace = await open('grace', {proxy: phones.url});
      await grace.click('call-voice-linus');
      await grace.visible(SEL.ongoing, 10000);
      console.log(`    ${await soundBothWays(grace, phone)}`);
      await grace.page.click(SEL.ongoingEnd);
      await grace.gone(SEL.ongoing, 8000);
      await phone.until(
        () => /terminated|closed/i.test(phone.output()),
        'the desk phone still talks',
      );
    },
  },
  {
    name: 'desk phone: a desk phone calls the kit; the kit answers; sound both ways; the phone hangs up',
    fn: async ({open, phones}) => {
      const phone = await phones.start('linus');
      const grace = await open('grace', {proxy: phones.url});
      await phone.command('dial', 'sip:grace@kit.test');
      await grace.visible(SEL.incoming, 10000);
      await grace.textIs(SEL.incomingTitle, 'Linus');
      await grace.page.click(SEL.accept);
      await grace.visible(SEL.ongoing, 10000);
      console.log(`    ${await soundBothWays(grace, phone)}`);
      await phone.command('hangup');
      await grace.gone(SEL.ongoing, 8000);
    },
  },
  {
    name: 'desk phone: a blind transfer from the kit to a desk phone: Grace hands Linus to Ada’s desk phone (REFER), Linus’s kit calls it through rtpengine, it answers; Grace’s call ends; sound both ways',
    timeout: 60000,
    fn: async ({open, phones}) => {
      const phone = await phones.start('ada');
      const grace = await open('grace', {proxy: phones.url});
      const linus = await open('linus', {proxy: phones.url});
      await grace.click('call-voice-linus');
      await linus.visible(SEL.incoming, 10000);
      await linus.page.click(SEL.accept);
      await grace.visible(SEL.ongoing, 10000);
      await grace.page.click('.kit-transfer-toggle');
      await grace.page.locator('.kit-transfer-option', {hasText: 'Ada Lovelace'}).click();
      await phone.until(() => phone.established(), 'the desk phone did not answer Linus', 15000);
      await grace.gone(SEL.anyScreen, 15000);
      await linus.page.waitForFunction(
        () => document.querySelectorAll('.kit-ongoing-call').length === 1,
        null,
        {timeout: 15000},
      );
      console.log(`    Linus and the desk phone: ${await soundBothWays(linus, phone)}`);
      await linus.page.click(SEL.ongoingEnd);
      await linus.gone(SEL.ongoing, 8000);
    },
  },
  {
    name: 'desk phone: keypad digits, clicked and typed, reach the desk phone as RFC 4733 events',
    fn: options => digitsToDeskPhone(options, 'rfc4733'),
  },
  {
    name: 'desk phone: keypad digits with dtmf: info reach the desk phone as SIP INFO through Kamailio',
    fn: options => digitsToDeskPhone(options, 'info'),
  },
];
