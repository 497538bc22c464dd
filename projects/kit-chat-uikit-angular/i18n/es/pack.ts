import {kitDurationIn, type KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? 'videollamada' : 'llamada de voz');
const count = (value: number) => new Intl.NumberFormat('es').format(value);

/** Spanish. */
export const es = {
  locale: 'es',
  dir: 'ltr',
  calls: {
    calling: 'Llamando…',
    ringing: 'Sonando…',
    incomingVoiceCall: 'Llamada de voz entrante',
    incomingVideoCall: 'Videollamada entrante',
    accept: 'Aceptar',
    decline: 'Rechazar',
    endAndAccept: 'Colgar y aceptar',
    endCall: 'Colgar',
    declined: 'Llamada rechazada',
    busy: 'Ocupado',
    noAnswer: 'Sin respuesta',
    unavailable: 'No disponible',
    cancelled: 'Llamada cancelada',
    ended: 'Llamada finalizada',
    failed: 'La llamada falló',
    actionFailed: 'No ha funcionado. Inténtalo de nuevo.',
    answeredElsewhere: 'Respondida en otro dispositivo',
    declinedElsewhere: 'Rechazada en otro dispositivo',
    missedCall: 'Llamada perdida',
    cancelledByCaller: 'La otra persona colgó',
    cancelledWhileAccepting: 'La otra persona colgó antes de conectar la llamada',
    callAgain: 'Volver a llamar',
    connecting: 'Conectando…',
    ending: 'Finalizando…',
    reconnecting: 'Reconectando…',
    reconnected: 'Conectado de nuevo',
    soundBlocked: 'Sonido desactivado: toca en cualquier lugar para oír el tono',
    mute: 'Silenciar',
    unmute: 'Activar micro',
    cameraOff: 'Apagar la cámara',
    cameraOn: 'Encender la cámara',
    camera: 'Cámara',
    end: 'Colgar',
    callDuration: 'Duración de la llamada',
    acceptCallFrom: (name, isVideo = false) => `Aceptar ${call(isVideo)} de ${name}`,
    declineCallFrom: (name, isVideo = false) => `Rechazar ${call(isVideo)} de ${name}`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `Colgar la llamada actual y aceptar ${call(isVideo)} de ${name}`,
    endCallWith: name => `Colgar la llamada con ${name}`,
    callingName: name => `Llamando a ${name}`,
    incomingCallFrom: (name, isVideo) =>
      `${isVideo ? 'Videollamada' : 'Llamada de voz'} entrante de ${name}`,
    inCallWith: name => `En llamada con ${name}`,
    callingPeople: people =>
      new Intl.PluralRules('es').select(people) === 'one'
        ? `Llamando a ${count(people)} persona`
        : `Llamando a ${count(people)} personas`,
    duration: kitDurationIn('es'),
  },
  readiness: {
    ready: 'Las llamadas sonarán aquí',
    missing: 'Podrías perderte una llamada:',
    turnOn: 'Activar avisos de llamada',
    sound: 'El sonido está desactivado hasta que hagas clic',
    notifications: 'Las notificaciones están desactivadas',
    notificationsDenied:
      'Las notificaciones están bloqueadas en la configuración del sitio del navegador',
    registered: 'Sin conexión con el servicio de llamadas',
    serviceWorker: 'Las llamadas no te llegan con la aplicación cerrada',
  },
  dock: {
    minimize: 'Minimizar llamada',
    restore: 'Pantalla completa',
    popOut: 'Abrir en ventana',
    backToTab: 'Volver a la pestaña',
    moveHint: 'Las flechas del teclado mueven la ventana de la llamada',
    movedTo: (vertical, horizontal) =>
      `Ventana de la llamada movida a la esquina ${vertical === 'top' ? 'superior' : 'inferior'} ${
        horizontal === 'left' ? 'izquierda' : 'derecha'
      }`,
  },
  devices: {
    devices: 'Dispositivos',
    microphone: 'Micrófono',
    camera: 'Cámara',
    speaker: 'Altavoz',
    mutedSpeech: 'Tienes el micrófono silenciado',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  buttons: {
    voice: 'Voz',
    video: 'Vídeo',
    notReady: 'Las llamadas no están disponibles ahora',
    callTo: (name, isVideo = false) => `Llamada de ${isVideo ? 'vídeo' : 'voz'} a ${name}`,
    inCallWith: name => `Ya estás en una llamada con ${name}`,
  },
  selfView: {
    label: 'Tu vídeo, las flechas del teclado lo mueven',
    movedTo: (vertical, horizontal) =>
      `Tu vídeo movido a la esquina ${vertical === 'top' ? 'superior' : 'inferior'} ${
        horizontal === 'left' ? 'izquierda' : 'derecha'
      }`,
  },
  keypad: {
    keypad: 'Teclado',
    star: 'Asterisco',
    pound: 'Almohadilla',
    digitsSent: 'Dígitos enviados:',
    sent: key => `${key} enviado`,
  },
  preview: {
    preview: 'Vista previa de tu cámara, solo la ves tú hasta que se conecte la llamada',
    answerAsVoice: 'Responder solo con voz',
    answerAsVoiceFrom: name => `Responder solo con voz: videollamada de ${name}`,
  },
  hold: {
    hold: 'Retener',
    resume: 'Reanudar',
    onHold: 'En espera',
    resumed: 'Llamada reanudada',
    heldBy: name => `${name} te puso en espera`,
    holdAndAccept: 'Retener y aceptar',
    holdAndAcceptCallFrom: (name, video) =>
      `Retener la llamada actual y aceptar la ${video ? 'videollamada' : 'llamada de voz'} de ${name}`,
    switchCall: 'Cambiar',
    switchTo: name => `Cambiar a la llamada con ${name}`,
    transfer: 'Transferir',
    transferTo: 'Transferir a',
    transferringTo: name => `Transfiriendo a ${name}…`,
    callFirst: 'Llamar antes',
    callFirstTo: name => `Llamar antes a ${name}`,
    completeTransfer: 'Completar la transferencia',
    transferBetween: (held, to) => `Transferir a ${held} con ${to}`,
  },
  push: {
    voice: 'Llamada de voz entrante',
    video: 'Videollamada entrante',
    accept: 'Aceptar',
    decline: 'Rechazar',
    call: 'Llamada entrante',
    missed: 'Llamada perdida',
    missedVoice: 'Llamada de voz perdida',
    missedVideo: 'Videollamada perdida',
    callBack: 'Devolver llamada',
  },
  log: {
    title: 'Llamadas recientes',
    empty: 'Aún no hay llamadas',
    callBack: 'Devolver llamada',
    incoming: 'Entrante',
    outgoing: 'Saliente',
    missed: 'Perdida',
    voice: 'Llamada de voz',
    video: 'Videollamada',
    notAnswered: 'Sin respuesta',
    join: 'Unirse',
    joinName: group => `Unirse a la llamada con ${group}`,
    calledBy: name => `Llamada de ${name}`,
    missedCallFrom: name => `Llamada perdida de ${name}`,
    callBackName: name => `Devolver la llamada a ${name}`,
    missedCount: missed =>
      new Intl.PluralRules('es').select(missed) === 'one'
        ? `${count(missed)} llamada perdida`
        : `${count(missed)} llamadas perdidas`,
  },
  group: {
    callingGroup: (caller, group) => `${caller} está llamando a ${group}`,
    peopleCount: people =>
      new Intl.PluralRules('es').select(people) === 'one'
        ? `${count(people)} persona`
        : `${count(people)} personas`,
    videoCall: 'Videollamada',
    voiceCall: 'Llamada de voz',
    more: more => `+${count(more)}`,
    moreLabel: more => `y ${count(more)} más`,
    callingPeople: people =>
      new Intl.PluralRules('es').select(people) === 'one'
        ? `Llamando a ${count(people)} persona…`
        : `Llamando a ${count(people)} personas…`,
    everyoneDeclined: 'Rechazada',
    nobodyAnswered: 'Nadie respondió',
    everyoneLeft: 'Todos se fueron',
    invited: 'Invitado',
    ringing: 'Sonando',
    joined: 'En la llamada',
    declined: 'Rechazó',
    busy: 'Ocupado',
    unanswered: 'Sin respuesta',
    left: 'Salió',
    joinedName: name => `${name} se unió`,
    declinedName: name => `${name} rechazó la llamada`,
    busyName: name => `${name} está ocupado`,
    unansweredName: name => `${name} no respondió`,
    leftName: name => `${name} salió de la llamada`,
    speakingName: name => `${name} está hablando`,
    grid: 'Participantes',
    you: 'Tú',
    tile: (name, muted, speaking) =>
      [name, muted && 'silenciado', speaking && 'hablando'].filter(Boolean).join(', '),
    pinned: 'fijado',
    participants: 'Personas',
    panelTitle: 'Personas en la llamada',
    close: 'Cerrar',
    ringAgain: 'Volver a llamar',
    ringAgainName: name => `Volver a llamar a ${name}`,
    addPeople: 'Añadir personas',
    addName: name => `Añadir a ${name}`,
    nobodyToAdd: 'No hay nadie más para añadir',
  },
} satisfies KitLanguagePack;
