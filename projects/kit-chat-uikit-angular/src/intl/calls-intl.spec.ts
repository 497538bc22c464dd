import {Injectable} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallsIntl} from './calls-intl';

@Injectable()
class FrenchIntl extends KitCallsIntl {
  override calling = 'Appel…';
  override acceptCallFrom = (name: string) => `Accepter l’appel de ${name}`;
}

describe('KitCallsIntl', () => {
  it('should give the English strings by default, with the name in the labels', () => {
    const intl = TestBed.inject(KitCallsIntl);
    expect(intl.calling).toBe('Calling…');
    expect(intl.incomingCallFrom('Ada', true)).toBe('Incoming video call from Ada');
    expect(intl.incomingCallFrom('Ada', false)).toBe('Incoming voice call from Ada');
    expect(intl.declineCallFrom('Ada', true)).toBe('Decline video call from Ada');
    expect(intl.acceptCallFrom('Ada', false)).toBe('Accept voice call from Ada');
    expect(intl.endCallWith('Ada')).toBe('End call with Ada');
  });

  it('should be replaceable by an app, string by string', () => {
    TestBed.configureTestingModule({providers: [{provide: KitCallsIntl, useClass: FrenchIntl}]});
    const intl = TestBed.inject(KitCallsIntl);
    expect(intl.calling).toBe('Appel…');
    expect(intl.acceptCallFrom('Ada')).toBe('Accepter l’appel de Ada');
    expect(intl.decline).toBe('Decline');
  });
});
