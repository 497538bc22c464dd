import {kitDurationIn, type KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? 'l’appel vidéo' : 'l’appel vocal');
const count = (value: number) => new Intl.NumberFormat('fr').format(value);

/** French. */
export const fr = {
  locale: 'fr',
  dir: 'ltr',
  calls: {
    calling: 'Appel en cours…',
    ringing: 'Ça sonne…',
    incomingVoiceCall: 'Appel vocal entrant',
    incomingVideoCall: 'Appel vidéo entrant',
    accept: 'Accepter',
    decline: 'Refuser',
    endAndAccept: 'Raccrocher et accepter',
    endCall: 'Raccrocher',
    declined: 'Appel refusé',
    busy: 'Occupé',
    noAnswer: 'Pas de réponse',
    unavailable: 'Injoignable',
    cancelled: 'Appel annulé',
    ended: 'Appel terminé',
    failed: 'Échec de l’appel',
    actionFailed: 'Cela n’a pas fonctionné. Veuillez réessayer.',
    answeredElsewhere: 'Répondu sur un autre appareil',
    declinedElsewhere: 'Refusé sur un autre appareil',
    missedCall: 'Appel manqué',
    cancelledByCaller: 'Votre correspondant a raccroché',
    cancelledWhileAccepting: 'Votre correspondant a raccroché avant la connexion',
    callAgain: 'Rappeler',
    connecting: 'Connexion…',
    ending: 'Fin de l’appel…',
    reconnecting: 'Reconnexion…',
    reconnected: 'De nouveau connecté',
    soundBlocked: 'Son coupé : touchez l’écran pour entendre la sonnerie',
    mute: 'Muet',
    unmute: 'Réactiver le micro',
    cameraOff: 'Désactiver la caméra',
    cameraOn: 'Activer la caméra',
    camera: 'Caméra',
    end: 'Raccrocher',
    callDuration: 'Durée de l’appel',
    acceptCallFrom: (name, isVideo = false) => `Accepter ${call(isVideo)} de ${name}`,
    declineCallFrom: (name, isVideo = false) => `Refuser ${call(isVideo)} de ${name}`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `Raccrocher et accepter ${call(isVideo)} de ${name}`,
    endCallWith: name => `Raccrocher avec ${name}`,
    callingName: name => `Appel vers ${name}`,
    incomingCallFrom: (name, isVideo) =>
      `${isVideo ? 'Appel vidéo' : 'Appel vocal'} entrant de ${name}`,
    inCallWith: name => `En communication avec ${name}`,
    callingPeople: people =>
      new Intl.PluralRules('fr').select(people) === 'one'
        ? `Appel vers ${count(people)} personne`
        : `Appel vers ${count(people)} personnes`,
    duration: kitDurationIn('fr'),
  },
  readiness: {
    ready: 'Les appels sonneront ici',
    missing: 'Vous risquez de manquer un appel :',
    turnOn: 'Activer les alertes d’appel',
    sound: 'Le son reste coupé jusqu’à votre clic',
    notifications: 'Les notifications sont désactivées',
    notificationsDenied:
      'Les notifications sont bloquées dans les paramètres du site du navigateur',
    registered: 'Non connecté au service d’appel',
    serviceWorker: 'Les appels ne vous parviennent pas quand l’application est fermée',
  },
  dock: {
    minimize: 'Réduire l’appel',
    restore: 'Plein écran',
    popOut: 'Fenêtre séparée',
    backToTab: 'Revenir dans l’onglet',
    moveHint: 'Les flèches du clavier déplacent la fenêtre d’appel',
    movedTo: (vertical, horizontal) =>
      `Fenêtre d’appel déplacée dans le coin ${vertical === 'top' ? 'supérieur' : 'inférieur'} ${
        horizontal === 'left' ? 'gauche' : 'droit'
      }`,
  },
  devices: {
    devices: 'Appareils',
    microphone: 'Micro',
    camera: 'Caméra',
    speaker: 'Haut-parleur',
    mutedSpeech: 'Votre micro est coupé',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  buttons: {
    voice: 'Vocal',
    video: 'Vidéo',
    notReady: 'Les appels ne sont pas disponibles pour le moment',
    callTo: (name, isVideo = false) => `Appel ${isVideo ? 'vidéo' : 'vocal'} à ${name}`,
    inCallWith: name => `Déjà en communication avec ${name}`,
  },
  selfView: {
    label: 'Votre vidéo, les flèches du clavier la déplacent',
    movedTo: (vertical, horizontal) =>
      `Votre vidéo déplacée dans le coin ${vertical === 'top' ? 'supérieur' : 'inférieur'} ${
        horizontal === 'left' ? 'gauche' : 'droit'
      }`,
  },
  keypad: {
    keypad: 'Clavier',
    star: 'Étoile',
    pound: 'Dièse',
    digitsSent: 'Chiffres envoyés :',
    sent: key => `${key} envoyé`,
  },
  preview: {
    preview: 'Aperçu de votre caméra, visible par vous seul jusqu’à la connexion de l’appel',
    answerAsVoice: 'Répondre en audio',
    answerAsVoiceFrom: name => `Répondre en audio : appel vidéo de ${name}`,
  },
  hold: {
    hold: 'Attente',
    resume: 'Reprendre',
    onHold: 'En attente',
    resumed: 'Appel repris',
    heldBy: name => `${name} vous a mis en attente`,
    holdAndAccept: 'Mettre en attente et répondre',
    holdAndAcceptCallFrom: (name, video) =>
      `Mettre l'appel en cours en attente et répondre à l'appel ${video ? 'vidéo' : 'vocal'} de ${name}`,
    switchCall: 'Basculer',
    switchTo: name => `Basculer vers l'appel avec ${name}`,
    transfer: 'Transférer',
    transferTo: 'Transférer à',
    transferringTo: name => `Transfert vers ${name}…`,
    callFirst: 'Appeler d’abord',
    callFirstTo: name => `Appeler d’abord ${name}`,
    completeTransfer: 'Terminer le transfert',
    transferBetween: (held, to) => `Transférer ${held} à ${to}`,
  },
  push: {
    voice: 'Appel vocal entrant',
    video: 'Appel vidéo entrant',
    accept: 'Accepter',
    decline: 'Refuser',
    call: 'Appel entrant',
    missed: 'Appel manqué',
    missedVoice: 'Appel vocal manqué',
    missedVideo: 'Appel vidéo manqué',
    callBack: 'Rappeler',
  },
  log: {
    title: 'Appels récents',
    empty: 'Aucun appel pour l’instant',
    callBack: 'Rappeler',
    incoming: 'Entrant',
    outgoing: 'Sortant',
    missed: 'Manqué',
    voice: 'Appel vocal',
    video: 'Appel vidéo',
    notAnswered: 'Sans réponse',
    join: 'Rejoindre',
    joinName: group => `Rejoindre l’appel avec ${group}`,
    calledBy: name => `Appel de ${name}`,
    missedCallFrom: name => `Appel manqué de ${name}`,
    callBackName: name => `Rappeler ${name}`,
    missedCount: missed =>
      new Intl.PluralRules('fr').select(missed) === 'one'
        ? `${count(missed)} appel manqué`
        : `${count(missed)} appels manqués`,
  },
  group: {
    callingGroup: (caller, group) => `${caller} appelle ${group}`,
    peopleCount: people =>
      new Intl.PluralRules('fr').select(people) === 'one'
        ? `${count(people)} personne`
        : `${count(people)} personnes`,
    videoCall: 'Appel vidéo',
    voiceCall: 'Appel vocal',
    more: more => `+${count(more)}`,
    moreLabel: more => `et ${count(more)} de plus`,
    callingPeople: people =>
      new Intl.PluralRules('fr').select(people) === 'one'
        ? `Appel de ${count(people)} personne…`
        : `Appel de ${count(people)} personnes…`,
    everyoneDeclined: 'Refusé',
    nobodyAnswered: 'Personne n’a répondu',
    everyoneLeft: 'Tout le monde est parti',
    invited: 'Invité',
    ringing: 'Sonnerie en cours',
    joined: 'Dans l’appel',
    declined: 'A refusé',
    busy: 'Occupé',
    unanswered: 'Pas de réponse',
    left: 'Parti',
    joinedName: name => `${name} a rejoint l’appel`,
    declinedName: name => `${name} a refusé`,
    busyName: name => `${name} est occupé`,
    unansweredName: name => `${name} n’a pas répondu`,
    leftName: name => `${name} a quitté l’appel`,
    speakingName: name => `${name} parle`,
    grid: 'Participants à l’appel',
    you: 'Vous',
    tile: (name, muted, speaking) =>
      [name, muted && 'micro coupé', speaking && 'parle'].filter(Boolean).join(', '),
    pinned: 'épinglé',
    participants: 'Personnes',
    panelTitle: 'Personnes dans l’appel',
    close: 'Fermer',
    ringAgain: 'Rappeler',
    ringAgainName: name => `Rappeler ${name}`,
    addPeople: 'Ajouter des personnes',
    addName: name => `Ajouter ${name}`,
    nobodyToAdd: 'Personne d’autre à ajouter',
  },
} satisfies KitLanguagePack;
