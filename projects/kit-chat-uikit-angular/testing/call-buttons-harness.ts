import {
  BaseHarnessFilters,
  ComponentHarness,
  HarnessPredicate,
  TestElement,
} from '@angular/cdk/testing';

/** Filters of `KitCallButtonsHarness.with`. */
export interface KitCallButtonsHarnessFilters extends BaseHarnessFilters {
  /** Only buttons that are disabled (`true`, with a reason) or that place a call when pressed (`false`). */
  disabled?: boolean;
}

/** Harness of `<kit-call-buttons>`, the voice and video call buttons of a person. */
export class KitCallButtonsHarness extends ComponentHarness {
  /** The selector of the host element. */
  static hostSelector = '.kit-call-buttons';

  private readonly _voice = this.locatorForOptional('.kit-call-buttons-voice');
  private readonly _video = this.locatorForOptional('.kit-call-buttons-video');
  private readonly _buttons = this.locatorForAll('.kit-call-buttons-button');
  private readonly _reason = this.locatorForOptional('.kit-call-buttons-reason');

  /**
   * Gets a `HarnessPredicate` that searches for call buttons that meet the filters.
   * @param options Whether they are disabled.
   * @returns The predicate.
   */
  static with(options: KitCallButtonsHarnessFilters = {}): HarnessPredicate<KitCallButtonsHarness> {
    return new HarnessPredicate(KitCallButtonsHarness, options).addOption(
      'disabled',
      options.disabled,
      async (harness, disabled) => ((await harness.getDisabledReason()) !== null) === disabled,
    );
  }

  /** @returns Whether the voice call button is shown. */
  async hasVoice(): Promise<boolean> {
    return !!(await this._voice());
  }

  /** @returns Whether the video call button is shown. */
  async hasVideo(): Promise<boolean> {
    return !!(await this._video());
  }

  /** Presses the voice call button (a disabled one ignores the press, as it does for a user). */
  async clickVoice(): Promise<void> {
    await (await this.#button(this._voice, 'voice')).click();
  }

  /** Presses the video call button (a disabled one ignores the press, as it does for a user). */
  async clickVideo(): Promise<void> {
    await (await this.#button(this._video, 'video')).click();
  }

  /** @returns Whether the voice call button is disabled (shown and announced so, still focusable). */
  async isVoiceDisabled(): Promise<boolean> {
    return this.#isDisabled(await this.#button(this._voice, 'voice'));
  }

  /** @returns Whether the video call button is disabled (shown and announced so, still focusable). */
  async isVideoDisabled(): Promise<boolean> {
    return this.#isDisabled(await this.#button(this._video, 'video'));
  }

  /** @returns Why the buttons are disabled, as shown under them and read as their description; `null` if enabled. */
  async getDisabledReason(): Promise<string | null> {
    const reason = await this._reason();
    return reason ? reason.text() : null;
  }

  /** @returns The accessible names of the buttons, in their order ("Voice call Ada Lovelace"...). */
  async getButtonNames(): Promise<string[]> {
    const buttons = await this._buttons();
    return Promise.all(
      buttons.map(async button => (await button.getAttribute('aria-label')) ?? ''),
    );
  }

  /** @returns The visible labels of the buttons (empty for icon buttons). */
  async getButtonLabels(): Promise<string[]> {
    return Promise.all((await this._buttons()).map(button => button.text()));
  }

  async #button(locate: () => Promise<TestElement | null>, type: string) {
    const button = await locate();
    if (!button) {
      throw new Error(`KitCallButtonsHarness: no ${type} call button is shown.`);
    }
    return button;
  }

  async #isDisabled(button: TestElement): Promise<boolean> {
    return (await button.getAttribute('aria-disabled')) === 'true';
  }
}
