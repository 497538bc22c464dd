import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/**
 * The texts of hold and resume (`withHold()`), call waiting's Hold and accept, and transfer (`withTransfer()`). Provide a subclass to translate them, as with `KitCallsIntl`; call
 * `changes.next()` when they change at run time.
 */
@Injectable({providedIn: 'root'})
export class KitHoldIntl {
  /** Emits when the strings changed, so that the hold button renders again. */
  readonly changes = new Subject<void>();

  /** Text of the hold button. */
  hold = 'Hold';
  /** Text of the hold button while the user holds the call: it takes the call off hold. */
  resume = 'Resume';
  /** Said after the time while the user holds the call, and to screen readers. */
  onHold = 'On hold';
  /** Said to screen readers once the call is off hold. */
  resumed = 'Call resumed';
  /**
   * @param name The other person.
   * @returns Said after the time while the other person holds the call, and to screen readers.
   */
  heldBy = (name: string): string => `${name} put you on hold`;
  /** Text of the button of a waiting call's banner that holds the call on screen and accepts the waiting one. */
  holdAndAccept = 'Hold and accept';
  /**
   * @param name The caller of the waiting call.
   * @param video Whether it is a video call.
   * @returns The accessible name of "Hold and accept".
   */
  holdAndAcceptCallFrom = (name: string, video: boolean): string =>
    `Hold the current call and accept the ${video ? 'video' : 'voice'} call from ${name}`;
  /** Text of the button that holds the call on screen and resumes a held one. */
  switchCall = 'Switch';
  /**
   * @param name The other person of the held call.
   * @returns The accessible name of "Switch".
   */
  switchTo = (name: string): string => `Switch to the call with ${name}`;
  /** Text of the Transfer button (`withTransfer()`). */
  transfer = 'Transfer';
  /** Name of the list of people the call can be transferred to. */
  transferTo = 'Transfer to';
  /**
   * @param name Who the call is handed to.
   * @returns Said after the time while the transfer is on its way, and to screen readers.
   */
  transferringTo = (name: string): string => `Transferring to ${name}…`;
  /** Text of the button beside each person of the Transfer list that calls them first (an attended transfer). */
  callFirst = 'Call first';
  /**
   * @param name A person of the Transfer list.
   * @returns The accessible name of "Call first": holds the call and calls them.
   */
  callFirstTo = (name: string): string => `Call ${name} first`;
  /** Text of the button of the call to that person that hands the held call to them. */
  completeTransfer = 'Complete transfer';
  /**
   * @param held The other person of the held call.
   * @param to The person called first.
   * @returns The accessible name of "Complete transfer".
   */
  transferBetween = (held: string, to: string): string => `Transfer ${held} to ${to}`;
}
