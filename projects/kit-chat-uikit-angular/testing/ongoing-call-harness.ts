import {
  BaseHarnessFilters,
  ComponentHarness,
  ComponentHarnessConstructor,
  HarnessPredicate,
} from '@angular/cdk/testing';

/** Filters of `KitOngoingCallHarness.with`. */
export interface KitOngoingCallHarnessFilters extends BaseHarnessFilters {
  /** Only screens whose other party's name matches: a whole string, or a pattern. */
  name?: string | RegExp;
}

/**
 * Harness of `<kit-ongoing-call>`, the screen of an accepted call. After accept, the kit's overlay shows it in place
 * of the incoming or outgoing screen: find it with `TestbedHarnessEnvironment.documentRootLoader(fixture)`.
 */
export class KitOngoingCallHarness extends ComponentHarness {
  /** The selector of the host element. */
  static hostSelector = '.kit-ongoing-call';

  private readonly _name = this.locatorFor('.kit-ongoing-call-name');
  private readonly _status = this.locatorFor('.kit-ongoing-call-status');
  private readonly _duration = this.locatorForOptional('.kit-ongoing-call-duration');
  private readonly _muteButton = this.locatorFor('.kit-ongoing-call-mute-button');
  private readonly _cameraButton = this.locatorForOptional('.kit-ongoing-call-camera-button');
  private readonly _endCallButton = this.locatorFor('.kit-ongoing-call-end-call-button');

  /**
   * Gets a `HarnessPredicate` that searches for an ongoing call screen that meets the filters.
   * @param options The other party's name.
   * @returns The predicate.
   */
  static with<T extends KitOngoingCallHarness>(
    this: ComponentHarnessConstructor<T>,
    options: KitOngoingCallHarnessFilters = {},
  ): HarnessPredicate<T> {
    return new HarnessPredicate(this, options).addOption('name', options.name, (harness, name) =>
      HarnessPredicate.stringMatches(harness.getOtherPartyName(), name),
    );
  }

  /** @returns The name of the person at the other end: the caller, or the callee of the user's own call. */
  async getOtherPartyName(): Promise<string> {
    return (await this._name()).text();
  }

  /** @returns The length of the call so far, `mm:ss` (or `h:mm:ss`); `''` once the call ended. */
  async getElapsedText(): Promise<string> {
    return (await this._duration())?.text() ?? '';
  }

  /** @returns The status line: "Call duration 00:07" while the call lasts, then why it ended. */
  async getStatusText(): Promise<string> {
    return (await this._status()).text();
  }

  /** @returns Whether the call ended (the screen shows why until it is removed). */
  async isEnded(): Promise<boolean> {
    return (await this.host()).hasClass('kit-ongoing-call-ended');
  }

  /** Presses mute, which turns the microphone off or back on. */
  async toggleMute(): Promise<void> {
    await (await this._muteButton()).click();
  }

  /** @returns Whether the microphone is off. */
  async isMuted(): Promise<boolean> {
    return (await this._muteButton()).hasClass('kit-ongoing-call-toggle-active');
  }

  /** @returns Whether the screen has a camera button: only a video call that is not audio only has one. */
  async hasCameraToggle(): Promise<boolean> {
    return (await this._cameraButton()) !== null;
  }

  /** Presses the camera button, which turns the camera off or back on. Throws when there is none. */
  async toggleCamera(): Promise<void> {
    const button = await this._cameraButton();
    if (!button) {
      throw Error('KitOngoingCallHarness: this call has no camera button (a voice call).');
    }
    await button.click();
  }

  /** @returns Whether the camera is off; `false` when there is no camera button. */
  async isCameraOff(): Promise<boolean> {
    return (
      (await (await this._cameraButton())?.hasClass('kit-ongoing-call-toggle-active')) ?? false
    );
  }

  /** Presses end call. The SDK answers later: await `KitCallsTestingController.settle()`. */
  async endCall(): Promise<void> {
    await (await this._endCallButton()).click();
  }

  /** @returns Whether end call does something when pressed: not once the call ended or while it ends. */
  async isEndCallEnabled(): Promise<boolean> {
    return (await (await this._endCallButton()).getAttribute('aria-disabled')) !== 'true';
  }
}
