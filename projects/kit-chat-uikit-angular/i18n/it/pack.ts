import {kitDurationIn, type KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? 'videochiamata' : 'chiamata vocale');
const count = (value: number) => new Intl.NumberFormat('it').format(value);

/** Italian. */
export const it = {
  locale: 'it',
  dir: 'ltr',
  calls: {
    calling: 'Chiamata in corso…',
    ringing: 'Squilla…',
    incomingVoiceCall: 'Chiamata vocale in arrivo',
    incomingVideoCall: 'Videochiamata in arrivo',
    accept: 'Rispondi',
    decline: 'Rifiuta',
    endAndAccept: 'Chiudi e rispondi',
    endCall: 'Riaggancia',
    declined: 'Chiamata rifiutata',
    busy: 'Occupato',
    noAnswer: 'Nessuna risposta',
    unavailable: 'Non raggiungibile',
    cancelled: 'Chiamata annullata',
    ended: 'Chiamata terminata',
    failed: 'Chiamata non riuscita',
    actionFailed: 'Non è andata a buon fine. Riprova.',
    answeredElsewhere: 'Risposto su un altro dispositivo',
    declinedElsewhere: 'Rifiutata su un altro dispositivo',
    missedCall: 'Chiamata persa',
    cancelledByCaller: 'Il chiamante ha riagganciato',
    cancelledWhileAccepting: 'Il chiamante ha riagganciato prima del collegamento',
    callAgain: 'Richiama',
    connecting: 'Connessione…',
    ending: 'Chiusura…',
    reconnecting: 'Riconnessione…',
    reconnected: 'Di nuovo connesso',
    soundBlocked: 'Audio disattivato: tocca un punto qualsiasi per sentire la suoneria',
    mute: 'Silenzia',
    unmute: 'Riattiva audio',
    cameraOff: 'Disattiva la fotocamera',
    cameraOn: 'Attiva la fotocamera',
    camera: 'Fotocamera',
    end: 'Riaggancia',
    callDuration: 'Durata della chiamata',
    acceptCallFrom: (name, isVideo = false) => `Rispondi alla ${call(isVideo)} di ${name}`,
    declineCallFrom: (name, isVideo = false) => `Rifiuta la ${call(isVideo)} di ${name}`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `Chiudi la chiamata in corso e rispondi alla ${call(isVideo)} di ${name}`,
    endCallWith: name => `Chiudi la chiamata con ${name}`,
    callingName: name => `Chiamata a ${name}`,
    incomingCallFrom: (name, isVideo) =>
      `${isVideo ? 'Videochiamata' : 'Chiamata vocale'} in arrivo da ${name}`,
    inCallWith: name => `In chiamata con ${name}`,
    callingPeople: people =>
      new Intl.PluralRules('it').select(people) === 'one'
        ? `Chiamata a ${count(people)} persona`
        : `Chiamata a ${count(people)} persone`,
    duration: kitDurationIn('it'),
  },
  readiness: {
    ready: 'Le chiamate squilleranno qui',
    missing: 'Potresti perdere una chiamata:',
    turnOn: 'Attiva gli avvisi di chiamata',
    sound: 'L’audio resta disattivato finché non fai clic',
    notifications: 'Le notifiche sono disattivate',
    notificationsDenied: 'Le notifiche sono bloccate nelle impostazioni del sito del browser',
    registered: 'Non connesso al servizio di chiamata',
    serviceWorker: 'Le chiamate non ti raggiungono quando l’app è chiusa',
  },
  dock: {
    minimize: 'Riduci la chiamata',
    restore: 'Schermo intero',
    popOut: 'Apri in una finestra',
    backToTab: 'Torna alla scheda',
    moveHint: 'I tasti freccia spostano la finestra della chiamata',
    movedTo: (vertical, horizontal) =>
      `Finestra della chiamata spostata nell’angolo ${vertical === 'top' ? 'in alto' : 'in basso'} a ${
        horizontal === 'left' ? 'sinistra' : 'destra'
      }`,
  },
  devices: {
    devices: 'Dispositivi',
    microphone: 'Microfono',
    camera: 'Fotocamera',
    speaker: 'Altoparlante',
    mutedSpeech: 'Il tuo microfono è disattivato',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  buttons: {
    voice: 'Voce',
    video: 'Video',
    notReady: 'Le chiamate non sono disponibili ora',
    callTo: (name, isVideo = false) => `Chiama ${name} in ${isVideo ? 'video' : 'voce'}`,
    inCallWith: name => `Già in chiamata con ${name}`,
  },
  selfView: {
    label: 'Il tuo video, i tasti freccia lo spostano',
    movedTo: (vertical, horizontal) =>
      `Il tuo video spostato nell’angolo ${vertical === 'top' ? 'in alto' : 'in basso'} a ${
        horizontal === 'left' ? 'sinistra' : 'destra'
      }`,
  },
  keypad: {
    keypad: 'Tastierino',
    star: 'Asterisco',
    pound: 'Cancelletto',
    digitsSent: 'Cifre inviate:',
    sent: key => `${key} inviato`,
  },
  preview: {
    preview:
      'Anteprima della tua fotocamera, visibile solo a te finché la chiamata non si connette',
    answerAsVoice: 'Rispondi solo in voce',
    answerAsVoiceFrom: name => `Rispondi solo in voce: videochiamata di ${name}`,
  },
  hold: {
    hold: 'Attesa',
    resume: 'Riprendi',
    onHold: 'In attesa',
    resumed: 'Chiamata ripresa',
    heldBy: name => `${name} ti ha messo in attesa`,
    holdAndAccept: 'Metti in attesa e accetta',
    holdAndAcceptCallFrom: (name, video) =>
      `Metti in attesa la chiamata in corso e accetta la ${video ? 'videochiamata' : 'chiamata vocale'} di ${name}`,
    switchCall: 'Passa',
    switchTo: name => `Passa alla chiamata con ${name}`,
    transfer: 'Trasferisci',
    transferTo: 'Trasferisci a',
    transferringTo: name => `Trasferimento a ${name}…`,
    callFirst: 'Chiama prima',
    callFirstTo: name => `Chiama prima ${name}`,
    completeTransfer: 'Completa il trasferimento',
    transferBetween: (held, to) => `Trasferisci ${held} a ${to}`,
  },
  push: {
    voice: 'Chiamata vocale in arrivo',
    video: 'Videochiamata in arrivo',
    accept: 'Rispondi',
    decline: 'Rifiuta',
    call: 'Chiamata in arrivo',
    missed: 'Chiamata persa',
    missedVoice: 'Chiamata vocale persa',
    missedVideo: 'Videochiamata persa',
    callBack: 'Richiama',
  },
  log: {
    title: 'Chiamate recenti',
    empty: 'Ancora nessuna chiamata',
    callBack: 'Richiama',
    incoming: 'In arrivo',
    outgoing: 'In uscita',
    missed: 'Persa',
    voice: 'Chiamata vocale',
    video: 'Videochiamata',
    notAnswered: 'Senza risposta',
    join: 'Partecipa',
    joinName: group => `Partecipa alla chiamata con ${group}`,
    calledBy: name => `Chiamata di ${name}`,
    missedCallFrom: name => `Chiamata persa da ${name}`,
    callBackName: name => `Richiama ${name}`,
    missedCount: missed =>
      new Intl.PluralRules('it').select(missed) === 'one'
        ? `${count(missed)} chiamata persa`
        : `${count(missed)} chiamate perse`,
  },
  group: {
    callingGroup: (caller, group) => `${caller} sta chiamando ${group}`,
    peopleCount: people =>
      new Intl.PluralRules('it').select(people) === 'one'
        ? `${count(people)} persona`
        : `${count(people)} persone`,
    videoCall: 'Videochiamata',
    voiceCall: 'Chiamata vocale',
    more: more => `+${count(more)}`,
    moreLabel: more => `e altri ${count(more)}`,
    callingPeople: people =>
      new Intl.PluralRules('it').select(people) === 'one'
        ? `Chiamata a ${count(people)} persona…`
        : `Chiamata a ${count(people)} persone…`,
    everyoneDeclined: 'Rifiutata',
    nobodyAnswered: 'Nessuno ha risposto',
    everyoneLeft: 'Sono usciti tutti',
    invited: 'Invitato',
    ringing: 'Squilla',
    joined: 'Nella chiamata',
    declined: 'Ha rifiutato',
    busy: 'Occupato',
    unanswered: 'Nessuna risposta',
    left: 'Uscito',
    joinedName: name => `${name} si è unito alla chiamata`,
    declinedName: name => `${name} ha rifiutato`,
    busyName: name => `${name} è occupato`,
    unansweredName: name => `${name} non ha risposto`,
    leftName: name => `${name} è uscito dalla chiamata`,
    speakingName: name => `${name} sta parlando`,
    grid: 'Partecipanti',
    you: 'Tu',
    tile: (name, muted, speaking) =>
      [name, muted && 'microfono disattivato', speaking && 'sta parlando']
        .filter(Boolean)
        .join(', '),
    pinned: 'fissato',
    participants: 'Persone',
    panelTitle: 'Persone nella chiamata',
    close: 'Chiudi',
    ringAgain: 'Richiama',
    ringAgainName: name => `Richiama ${name}`,
    addPeople: 'Aggiungi persone',
    addName: name => `Aggiungi ${name}`,
    nobodyToAdd: 'Nessun altro da aggiungere',
  },
} satisfies KitLanguagePack;
