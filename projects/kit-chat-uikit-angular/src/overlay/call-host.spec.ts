import {Dialog} from '@angular/cdk/dialog';
import {OverlayContainer} from '@angular/cdk/overlay';
import {Component, inject} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from '../../testing/calls-testing';
import {KitCallEndReason} from '../session/call-session';
import {KIT_CALL_OVERLAY_DEFAULT_OPTIONS, KitUIKitConfig} from '../core/config';
import {KitIncomingCallComponent} from '../incoming-call/incoming-call';
import {KitOngoingCallComponent} from '../ongoing-call/ongoing-call';
import {KitCallSettingsBuilder} from '../sdk/call-settings';
import {KitCall, KitUser} from '../sdk/models';
import {KitCallOverlay} from './call-overlay';
import {KIT_CALL_OVERLAY_DATA, KitCallOverlayConfig} from './call-overlay-config';
import {KitCallOverlayStage} from './call-overlay-ref';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

@Component({template: '<button type="button" id="page-button">Page</button>'})
class Page {}

@Component({
  selector: 'kit-test-app-ongoing',
  template: '<p class="app-ongoing">{{ data.call.settings?.audioOnly }}</p>',
})
class AppOngoing {
  readonly data = inject(KIT_CALL_OVERLAY_DATA);
}

describe('KitCallOverlay: one dialog per call', () => {
  let calls: KitCallsTestingController;
  let overlay: KitCallOverlay;
  let container: HTMLElement;

  async function setup(config: Omit<KitUIKitConfig, 'callsSdk'> = {}, providers: unknown[] = []) {
    TestBed.configureTestingModule({
      providers: [provideKitCallsTesting({config}), ...(providers as never[])],
    });
    calls = TestBed.inject(KitCallsTestingController);
    overlay = TestBed.inject(KitCallOverlay);
    container = TestBed.inject(OverlayContainer).getContainerElement();
    TestBed.createComponent(Page);
    await settle();
  }

  /** Lets the switchboard deliver and Angular render (zoneless: both run on timers). */
  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  }

  async function ringFrom(user: KitUser): Promise<KitCall> {
    const ringing = calls.farSide.ring(user, calls.me, 'video');
    await settle();
    return ringing;
  }

  const find = (selector: string) => container.querySelector<HTMLElement>(selector);
  const dialogs = () => container.querySelectorAll<HTMLElement>('.cdk-dialog-container');
  const statusOf = (call: KitCall) => calls.switchboard.getCall(call.sessionId)?.status;
  const click = async (selector: string) => {
    find(selector)!.click();
    await settle();
  };

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    TestBed.resetTestingModule();
    jest.useRealTimers();
  });

  it('should keep the same dialog from the ring to the ongoing call, turning its role from alertdialog to dialog', async () => {
    await setup();
    await ringFrom(ADA);
    const ringing = dialogs();
    expect(ringing).toHaveLength(1);
    expect(ringing[0].getAttribute('role')).toBe('alertdialog');
    await click('.kit-incoming-call-accept-button');
    await settle();
    expect(find('kit-ongoing-call')).not.toBeNull();
    expect(dialogs()).toHaveLength(1);
    expect(dialogs()[0]).toBe(ringing[0]);
    expect(ringing[0].getAttribute('role')).toBe('dialog');
    const label = document.getElementById(ringing[0].getAttribute('aria-labelledby')!);
    expect(label?.textContent).toContain('Ada Lovelace');
    expect(find('kit-ongoing-call')!.closest('.cdk-dialog-container')).toBe(ringing[0]);
    // Focus stays in the call's dialog through the switch.
    expect(ringing[0].contains(document.activeElement)).toBe(true);
  });

  it("should name the dialog itself around an app's own ongoing screen, which gets the accepted call", async () => {
    await setup({}, [
      {
        provide: KIT_CALL_OVERLAY_DEFAULT_OPTIONS,
        useValue: {
          ongoingCallComponent: AppOngoing,
          callSettingsBuilder: new KitCallSettingsBuilder(true),
        } satisfies KitCallOverlayConfig,
      },
    ]);
    await ringFrom(ADA);
    await click('.kit-incoming-call-accept-button');
    await settle();
    const dialog = dialogs()[0];
    expect(find('.app-ongoing')?.textContent).toBe('true');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-label')).toBe('In call with Ada Lovelace');
    expect(dialog.hasAttribute('aria-labelledby')).toBe(false);
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
  });

  it("should keep focus in the dialog when the end call button that had it leaves for an app's own screen", async () => {
    await setup({}, [
      {provide: KIT_CALL_OVERLAY_DEFAULT_OPTIONS, useValue: {ongoingCallComponent: AppOngoing}},
    ]);
    const started = overlay.startCall(ADA);
    await settle();
    const ref = await started;
    expect(document.activeElement).toBe(find('.kit-outgoing-call-end-call-button'));
    const accepted = calls.farSide.accept(ref.call().sessionId);
    await settle();
    await accepted;
    await settle();
    expect(find('.app-ongoing')).not.toBeNull();
    expect(document.activeElement).toBe(dialogs()[0]);
  });

  it('should close once, with the first reason, however the overlay is closed and however often', async () => {
    await setup();
    const call = await ringFrom(ADA);
    const ref = overlay.openCalls[0];
    const closed: KitCallEndReason[] = [];
    const stages: KitCallOverlayStage[] = [];
    ref.afterClosed().subscribe(reason => closed.push(reason));
    ref.stageChanges().subscribe({
      next: stage => stages.push(stage),
      complete: () => stages.push('complete' as KitCallOverlayStage),
    });
    // Closing the CDK dialog directly goes through the same exit as close().
    TestBed.inject(Dialog).closeAll();
    ref.close('ended');
    ref.close();
    await settle();
    expect(closed).toEqual(['dismissed']);
    expect(stages).toEqual(['closed', 'complete' as KitCallOverlayStage]);
    expect(ref.stage()).toBe('closed');
    expect(ref.componentInstance).toBeNull();
    expect(dialogs()).toHaveLength(0);
    expect(overlay.openCalls).toEqual([]);
    // Closing the overlay says nothing to the SDK, and nothing rings any more.
    expect(statusOf(call)).toBe('initiated');
    expect(calls.audio.playing()).toEqual([]);
    // The call left this app with its overlay: the next call rings, it is not answered busy.
    const next = await ringFrom({uid: 'bob', name: 'Bob Kahn'});
    expect(statusOf(next)).toBe('initiated');
    expect(dialogs()).toHaveLength(1);
  });

  it('should give the screen shown as componentInstance: the ringing screen, then the ongoing one', async () => {
    await setup();
    await ringFrom(ADA);
    const ref = overlay.openCalls[0];
    expect(ref.componentInstance).toBeInstanceOf(KitIncomingCallComponent);
    await click('.kit-incoming-call-accept-button');
    await settle();
    expect(ref.componentInstance).toBeInstanceOf(KitOngoingCallComponent);
  });

  it('should give the inputs of the config to the ringing screen, and ignore those it does not declare', async () => {
    await setup({autoRing: false});
    const call = await ringFrom(ADA);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    overlay.openIncomingCall(call, {inputs: {backgroundColor: 'rgb(1, 2, 3)', noSuchInput: 1}});
    await settle();
    const screen = find('kit-incoming-call')!;
    expect(screen.getAttribute('style')).toContain('rgb(1, 2, 3)');
    // An input the screen does not declare is left out, not set (Angular would log NG0303).
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  describe('options merged once, in the documented order', () => {
    const providers = [
      {
        provide: KIT_CALL_OVERLAY_DEFAULT_OPTIONS,
        useValue: {ringTimeout: 2_000, panelClass: 'from-defaults'},
      },
    ];
    const config = {overlay: {ringTimeout: 1_000, panelClass: 'from-config', zIndex: 1234}};

    it('should let KIT_CALL_OVERLAY_DEFAULT_OPTIONS win over KitUIKitConfig.overlay, which wins over the defaults', async () => {
      await setup(config, providers);
      const call = await ringFrom(ADA);
      const pane = find('.kit-call-overlay-pane')!;
      expect(pane.classList).toContain('from-defaults');
      expect(pane.classList).not.toContain('from-config');
      expect(pane.closest<HTMLElement>('.cdk-global-overlay-wrapper')!.style.zIndex).toBe('1234');
      await settle(1_500);
      expect(statusOf(call)).toBe('initiated');
      await settle(600);
      expect(statusOf(call)).toBe('unanswered');
    });

    it('should let the config given to open win over every default', async () => {
      await setup({...config, autoRing: false}, providers);
      const call = await ringFrom(ADA);
      overlay.openIncomingCall(call, {ringTimeout: 3_000, panelClass: 'from-open'});
      await settle();
      expect(find('.kit-call-overlay-pane')!.classList).toContain('from-open');
      await settle(2_500);
      expect(statusOf(call)).toBe('initiated');
      await settle(600);
      expect(statusOf(call)).toBe('unanswered');
    });

    it('should let a ring time-out of 0 given to open ring forever, over every default', async () => {
      await setup({autoRing: false});
      const call = await ringFrom(ADA);
      overlay.openIncomingCall(call, {ringTimeout: 0});
      await settle(60_000);
      expect(statusOf(call)).toBe('initiated');
      expect(find('kit-incoming-call')).not.toBeNull();
    });

    it('should place the overlay at a zIndex of 0 when an open asks for it (0 is set, not missing)', async () => {
      await setup({autoRing: false});
      const call = await ringFrom(ADA);
      overlay.openIncomingCall(call, {zIndex: 0});
      await settle();
      expect(
        find('.kit-call-overlay-pane')!.closest<HTMLElement>('.cdk-global-overlay-wrapper')!.style
          .zIndex,
      ).toBe('0');
    });

    it('should leave focus where the call left it with restoreFocus: false', async () => {
      await setup({autoRing: false});
      const button = document.querySelector<HTMLButtonElement>('#page-button')!;
      button.focus();
      const call = await ringFrom(ADA);
      overlay.openIncomingCall(call, {restoreFocus: false});
      await settle();
      expect(find('.cdk-dialog-container')).toBe(document.activeElement);
      await click('.kit-incoming-call-reject-button');
      await settle(5_000);
      expect(find('kit-incoming-call')).toBeNull();
      expect(document.activeElement).not.toBe(button);
    });
  });
});
