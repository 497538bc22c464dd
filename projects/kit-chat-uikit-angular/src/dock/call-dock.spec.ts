import {LiveAnnouncer} from '@angular/cdk/a11y';
import {Dialog} from '@angular/cdk/dialog';
import {OverlayContainer} from '@angular/cdk/overlay';
import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from '../../testing/calls-testing';
import {KitCallsFeature} from '../core/calls-feature';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KitCallOverlayRef} from '../overlay/call-overlay-ref';
import {KitException} from '../sdk/kit-exception';
import {KitUser} from '../sdk/models';
import {withCallWaiting} from '../ring/call-features';
import {withDockedCalls, withPictureInPicture} from './dock-features';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

@Component({
  template: `<button type="button" id="page-button">Page</button>`,
  host: {id: 'page'},
})
class Page {}

@Component({template: `<p>An app's own modal</p>`})
class AppModal {}

describe('withDockedCalls: the call beside the app', () => {
  let calls: KitCallsTestingController;
  let overlay: KitCallOverlay;
  let container: HTMLElement;
  let errors: KitException[];

  async function setup(...features: KitCallsFeature[]) {
    errors = [];
    TestBed.configureTestingModule({
      providers: [provideKitCallsTesting({features, config: {onError: e => errors.push(e)}})],
    });
    calls = TestBed.inject(KitCallsTestingController);
    overlay = TestBed.inject(KitCallOverlay);
    container = TestBed.inject(OverlayContainer).getContainerElement();
    const fixture = TestBed.createComponent(Page);
    document.body.append(fixture.nativeElement);
    await settle();
  }

  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  }

  /** Calls Ada, who picks up at once. */
  async function callAda(answer = true): Promise<KitCallOverlayRef> {
    if (answer) {
      calls.farSide.autoAnswer(ADA.uid, 'accept', 10);
    }
    const placed = overlay.startCall(ADA, 'video');
    await settle();
    return placed;
  }

  /** Puts a Document Picture-in-Picture API on the page whose window closes as a browser's does (pagehide). */
  function fakePipWindow() {
    const pipDocument = document.implementation.createHTMLDocument('pip');
    const listeners: Record<string, () => void> = {};
    const pipWindow = {
      document: pipDocument,
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
      close: jest.fn(() => listeners['pagehide']?.()),
    };
    const requestWindow = jest.fn(async () => pipWindow);
    (window as {documentPictureInPicture?: unknown}).documentPictureInPicture = {requestWindow};
    return {pipDocument, listeners, pipWindow, requestWindow};
  }

  /** Calls Ada (who picks up), docked in the bottom end corner. */
  async function adaDocked(): Promise<KitCallOverlayRef> {
    await setup(withDockedCalls({corner: 'bottom-end'}));
    const ref = await callAda();
    ref.minimize();
    await settle();
    return ref;
  }

  /** A keydown of an arrow key that bubbles and can be cancelled (the dock reads `key`, the CDK `keyCode`). */
  const arrowKey = (key: string, keyCode: number, init: KeyboardEventInit = {}) =>
    new KeyboardEvent('keydown', {key, keyCode, bubbles: true, cancelable: true, ...init});
  const find = (selector: string) => container.querySelector<HTMLElement>(selector);
  const pane = () => find('.kit-call-overlay-pane')!;
  const dialog = () => find('.cdk-dialog-container')!;
  const liveAnchors = () => pane().querySelectorAll('.cdk-focus-trap-anchor[tabindex="0"]');

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    TestBed.resetTestingModule();
    jest.useRealTimers();
    document.body.querySelector('#page')?.remove();
    document.documentElement.removeAttribute('dir');
    delete (window as {documentPictureInPicture?: unknown}).documentPictureInPicture;
  });

  it('should dock an ongoing call as a small non-modal window, and restore it full screen', async () => {
    await setup(withDockedCalls());
    const ref = await callAda();
    await settle(50);
    expect(ref.stage()).toBe('ongoing');
    expect(ref.displayMode()).toBe('fullscreen');
    const page = document.getElementById('page')!;
    expect(page.getAttribute('aria-hidden')).toBe('true');
    expect(liveAnchors().length).toBeGreaterThan(0);

    ref.minimize();
    await settle();
    expect(ref.displayMode()).toBe('docked');
    expect(pane().classList).toContain('kit-call-overlay-pane-docked');
    expect(pane().style.width).toBe('');
    expect(dialog().getAttribute('aria-modal')).toBe('false');
    expect(page.hasAttribute('aria-hidden')).toBe(false);
    expect(find('.cdk-overlay-backdrop')?.hidden ?? true).toBe(true);
    expect(liveAnchors()).toHaveLength(0);
    expect(find('.kit-call-dock-restore')).not.toBeNull();
    expect(find('kit-ongoing-call')).not.toBeNull();

    find('.kit-call-dock-restore')!.click();
    await settle();
    expect(ref.displayMode()).toBe('fullscreen');
    expect(pane().classList).not.toContain('kit-call-overlay-pane-docked');
    expect(pane().style.width).toBe('100%');
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(page.getAttribute('aria-hidden')).toBe('true');
    expect(liveAnchors().length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(dialog());
  });

  it('should close a docked call like any other, and let its reference be pressed after', async () => {
    await setup(withDockedCalls());
    const ref = await callAda();
    ref.minimize();
    await settle();
    find('.kit-ongoing-call-end-call-button')!.click();
    await settle();
    await settle();
    expect(ref.stage()).toBe('closed');
    expect(find('.kit-call-overlay-pane')).toBeNull();
    expect(() => {
      ref.restore();
      ref.minimize();
    }).not.toThrow();
    expect(errors).toEqual([]);
  });

  it('should dock with the minimize button, and give focus back to the app', async () => {
    await setup(withDockedCalls());
    const button = document.getElementById('page-button')!;
    button.focus();
    const ref = await callAda();
    dialog().focus();
    find('.kit-call-dock-minimize')!.click();
    await settle();
    expect(ref.displayMode()).toBe('docked');
    expect(document.activeElement).toBe(button);
  });

  it('should move a docked call from corner to corner with the arrow keys', async () => {
    await adaDocked();
    const host = pane().parentElement!;
    expect(pane().style.marginBottom).toBe('16px');
    expect(host.style.justifyContent).toBe('flex-end');
    find('.kit-call-dock-restore')!.dispatchEvent(
      new KeyboardEvent('keydown', {key: 'ArrowUp', keyCode: 38, bubbles: true}),
    );
    find('.kit-call-dock-restore')!.dispatchEvent(
      new KeyboardEvent('keydown', {key: 'ArrowLeft', keyCode: 37, bubbles: true}),
    );
    await settle();
    expect(pane().style.marginTop).toBe('16px');
    expect(pane().style.marginBottom).toBe('');
    expect(host.style.justifyContent).toBe('flex-start');
    expect(host.style.alignItems).toBe('flex-start');
    // Alt with an arrow is the browser's (back, forward): the call stays where it is.
    const withAlt = arrowKey('ArrowDown', 40, {altKey: true});
    find('.kit-call-dock-restore')!.dispatchEvent(withAlt);
    await settle();
    expect(withAlt.defaultPrevented).toBe(false);
    expect(pane().style.marginTop).toBe('16px');
  });

  it('should leave the arrow keys alone while the call is full screen', async () => {
    await setup(withDockedCalls({corner: 'bottom-end'}));
    const ref = await callAda();
    const margins = pane().style.cssText;
    const arrow = arrowKey('ArrowUp', 38);
    find('.kit-ongoing-call-end-call-button')!.dispatchEvent(arrow);
    await settle();
    expect(arrow.defaultPrevented).toBe(false);
    expect(ref.displayMode()).toBe('fullscreen');
    expect(pane().style.cssText).toBe(margins);
    // Docked later, the call goes to its corner as before (the arrow moved nothing).
    ref.minimize();
    await settle();
    expect(pane().style.marginBottom).toBe('16px');
  });

  it('should leave the arrow keys to a select, a text field or a listbox inside the docked call', async () => {
    // The device pickers are selects: ArrowDown there picks the next microphone, it does not move the window.
    await adaDocked();
    const host = pane().parentElement!;
    const owners = ['select', 'input', 'textarea'].map(tag => document.createElement(tag));
    const listbox = document.createElement('div');
    listbox.setAttribute('role', 'listbox');
    owners.push(listbox);
    for (const owner of owners) {
      find('.kit-call-dock-restore')!.after(owner);
      const key = arrowKey('ArrowUp', 38);
      owner.dispatchEvent(key);
      expect(key.defaultPrevented).toBe(false);
      owner.remove();
    }
    await settle();
    expect(pane().style.marginBottom).toBe('16px');
    expect(host.style.alignItems).toBe('flex-end');
  });

  it('should say that a call docked while it rang has connected, since it takes no focus', async () => {
    await setup(withDockedCalls());
    const said: string[] = [];
    jest
      .spyOn(TestBed.inject(LiveAnnouncer), 'announce')
      .mockImplementation(async message => void said.push(String(message)));
    const ref = await callAda(false);
    ref.minimize();
    await settle();
    const button = document.querySelector<HTMLButtonElement>('#page-button')!;
    button.focus();
    said.length = 0;
    const accepted = calls.farSide.accept(ref.call().sessionId);
    await settle();
    await accepted;
    expect(ref.stage()).toBe('ongoing');
    expect(ref.displayMode()).toBe('docked');
    expect(said).toContain('In call with Ada Lovelace');
    // The page keeps the focus.
    expect(document.activeElement).toBe(button);
  });

  it('should hide the page from screen readers again while another modal opens beside a docked call', async () => {
    // The CDK hides the page only when the first dialog opens: the docked call is that first one.
    await setup(withDockedCalls());
    const ref = await callAda();
    ref.minimize();
    await settle();
    const page = document.getElementById('page')!;
    expect(page.hasAttribute('aria-hidden')).toBe(false);

    // An app's own modal, opened while the call is docked, and closed again.
    const modal = TestBed.inject(Dialog).open(AppModal);
    await settle();
    expect(page.getAttribute('aria-hidden')).toBe('true');
    modal.close();
    await settle();
    expect(page.hasAttribute('aria-hidden')).toBe(false);

    // A second call full screen (as End and accept opens it), then the docked call ends first.
    const second = overlay.startCall({uid: 'zed', name: 'Zed Shaw'}, 'audio');
    await settle();
    await second;
    expect(page.getAttribute('aria-hidden')).toBe('true');
    const ended = calls.farSide.end(ref.call().sessionId);
    await settle(3000);
    await ended;
    expect(overlay.openCalls.map(open => open.call().receiver.uid)).toEqual(['zed']);
    expect(page.getAttribute('aria-hidden')).toBe('true');
  });

  it('should keep its margin from the edge when the page turns right-to-left while docked', async () => {
    await adaDocked();
    expect(pane().style.marginRight).toBe('16px');
    document.documentElement.dir = 'rtl';
    await settle();
    // The end corner is on the left now: the margin goes with it.
    expect(pane().style.marginLeft).toBe('16px');
    expect(pane().style.marginRight).toBe('');
  });

  it('should move a docked call with the arrow keys as the screen shows it in a right-to-left page', async () => {
    document.documentElement.dir = 'rtl';
    await adaDocked();
    // The end corner is on the left; ArrowRight takes the call to the right, the start corner.
    expect(pane().style.marginLeft).toBe('16px');
    find('.kit-call-dock-restore')!.dispatchEvent(
      new KeyboardEvent('keydown', {key: 'ArrowRight', keyCode: 39, bubbles: true}),
    );
    await settle();
    expect(pane().style.marginRight).toBe('16px');
    expect(pane().style.marginLeft).toBe('');
  });

  it('should leave focus where the user is in the app when a docked call docks again', async () => {
    await setup(withDockedCalls());
    document.getElementById('page-button')!.focus();
    const ref = await callAda();
    ref.minimize();
    await settle();
    const field = document.createElement('input');
    document.getElementById('page')!.append(field);
    field.focus();
    // popOut() where the browser has no Picture-in-Picture window docks the call (again).
    await ref.popOut();
    await settle();
    expect(ref.displayMode()).toBe('docked');
    expect(document.activeElement).toBe(field);
  });

  it('should keep a ringing incoming call full screen', async () => {
    await setup(withDockedCalls({startDocked: true}));
    const ringing = calls.farSide.ring(ADA, calls.me, 'video');
    await settle();
    await ringing;
    const ref = overlay.openCalls[0];
    expect(find('.kit-call-dock')!.hidden).toBe(true);
    ref.minimize();
    await settle();
    expect(ref.displayMode()).toBe('fullscreen');
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    // startDocked: once accepted, it docks.
    find('.kit-incoming-call-accept-button')!.click();
    await settle();
    await settle();
    expect(ref.stage()).toBe('ongoing');
    expect(ref.displayMode()).toBe('docked');
  });

  it('should start an outgoing call docked with startDocked, leaving focus in the app', async () => {
    await setup(withDockedCalls({startDocked: true}));
    const button = document.getElementById('page-button')!;
    button.focus();
    const ref = await callAda(false);
    expect(ref.stage()).toBe('dialing');
    expect(ref.displayMode()).toBe('docked');
    expect(find('kit-outgoing-call')).not.toBeNull();
    expect(document.activeElement).toBe(button);
    expect(document.getElementById('page')!.hasAttribute('aria-hidden')).toBe(false);
  });

  it('should report minimize() without the feature through onError, and show no minimize button', async () => {
    await setup();
    const ref = await callAda();
    expect(find('.kit-call-dock')).toBeNull();
    ref.minimize();
    await ref.popOut();
    ref.restore();
    expect(ref.displayMode()).toBe('fullscreen');
    expect(errors.map(error => error.code)).toEqual(['ERR_NOT_INITIALIZED', 'ERR_NOT_INITIALIZED']);
  });

  it('should dock where the browser has no Picture-in-Picture window', async () => {
    await setup(withPictureInPicture());
    const ref = await callAda();
    await ref.popOut();
    await settle();
    expect(ref.displayMode()).toBe('docked');
    expect(find('.kit-call-dock-pop-out')).toBeNull();
  });

  it('should pop the call out into a Picture-in-Picture window, and bring it back full screen when it closes', async () => {
    const {pipDocument, listeners, requestWindow} = fakePipWindow();
    await setup(withDockedCalls(), withPictureInPicture());
    document.documentElement.dir = 'rtl';
    const style = document.createElement('style');
    style.textContent = '.app-theme {}';
    document.head.append(style);
    const ref = await callAda();
    ref.minimize();
    await settle();
    const order = () => [...pane().children].map(child => child.className);
    const before = order();
    find('.kit-call-dock-pop-out')!.click();
    await settle();
    expect(requestWindow).toHaveBeenCalledTimes(1);
    expect(ref.displayMode()).toBe('pip');
    expect(pipDocument.body.querySelector('kit-ongoing-call')).not.toBeNull();
    expect(pipDocument.body.classList).toContain('kit-call-pip-root');
    expect(pipDocument.head.innerHTML).toContain('.app-theme');
    expect(pipDocument.documentElement.dir).toBe('rtl');
    expect(pane().querySelector('kit-ongoing-call')).toBeNull();
    // A style the app adds while the window is open (a screen rendered there for the first time) follows it.
    const later = document.createElement('style');
    later.textContent = '.app-later {}';
    document.head.append(later);
    await settle();
    expect(pipDocument.head.innerHTML).toContain('.app-later');
    later.remove();
    // The controls still work from the window.
    pipDocument.querySelector<HTMLElement>('.kit-ongoing-call-mute-button')!.click();
    await settle();
    expect(
      pipDocument.querySelector('.kit-ongoing-call-mute-button')!.getAttribute('aria-label'),
    ).toBe('Unmute');

    listeners['pagehide']();
    await settle();
    expect(ref.displayMode()).toBe('fullscreen');
    expect(pane().querySelector('kit-ongoing-call')).not.toBeNull();
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    // Back where it was, between the focus trap's anchors.
    expect(order()).toEqual(before);
    style.remove();
  });

  it('should dock a popped-out call on minimize(), focus left in the app', async () => {
    const {pipWindow} = fakePipWindow();
    await setup(withDockedCalls(), withPictureInPicture());
    const button = document.getElementById('page-button')!;
    button.focus();
    const ref = await callAda();
    await ref.popOut();
    await settle();
    expect(ref.displayMode()).toBe('pip');
    ref.minimize();
    await settle();
    expect(pipWindow.close).toHaveBeenCalled();
    expect(ref.displayMode()).toBe('docked');
    expect(dialog().getAttribute('aria-modal')).not.toBe('true');
    expect(document.activeElement).toBe(button);
  });

  it("should show a waiting call's banner in the Picture-in-Picture window the call is in", async () => {
    const pipDocument = document.implementation.createHTMLDocument('pip');
    const pipWindow = {document: pipDocument, addEventListener: () => {}, close: jest.fn()};
    (window as {documentPictureInPicture?: unknown}).documentPictureInPicture = {
      requestWindow: async () => pipWindow,
    };
    await setup(withDockedCalls(), withPictureInPicture(), withCallWaiting());
    const ref = await callAda();
    await ref.popOut();
    await settle();
    expect(ref.displayMode()).toBe('pip');
    const ringing = calls.farSide.ring({uid: 'zed', name: 'Zed Shaw'}, calls.me, 'audio');
    await settle();
    await ringing;
    const banner = pipDocument.querySelector('kit-call-waiting');
    expect(banner?.textContent).toContain('Zed Shaw');
    expect(document.querySelector('kit-call-waiting')).toBeNull();
  });

  it('should close a Picture-in-Picture window that opens after the call ended', async () => {
    const pipDocument = document.implementation.createHTMLDocument('pip');
    const close = jest.fn();
    let open!: () => void;
    const requestWindow = () =>
      new Promise(resolve => {
        open = () => resolve({document: pipDocument, addEventListener: () => {}, close});
      });
    (window as {documentPictureInPicture?: unknown}).documentPictureInPicture = {requestWindow};
    await setup(withPictureInPicture());
    const ref = await callAda();
    const popped = ref.popOut();
    const ended = calls.farSide.end(ref.call().sessionId);
    await settle();
    await ended;
    await settle(3_000);
    expect(ref.stage()).toBe('closed');
    open();
    await popped;
    await settle();
    expect(close).toHaveBeenCalled();
    expect(pipDocument.body.querySelector('kit-ongoing-call')).toBeNull();
  });

  it('should close the Picture-in-Picture window when the call ends', async () => {
    const pipDocument = document.implementation.createHTMLDocument('pip');
    const close = jest.fn();
    (window as {documentPictureInPicture?: unknown}).documentPictureInPicture = {
      requestWindow: async () => ({document: pipDocument, addEventListener: () => {}, close}),
    };
    await setup(withPictureInPicture());
    const ref = await callAda();
    await ref.popOut();
    await settle();
    expect(ref.displayMode()).toBe('pip');
    const ended = calls.farSide.end(ref.call().sessionId);
    await settle();
    await ended;
    await settle(100);
    expect(ref.stage()).toBe('closed');
    expect(close).toHaveBeenCalled();
  });
});
