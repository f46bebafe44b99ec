# Las palabras de LeaseDesk en español de EE. UU. Cada mensaje está también en el archivo en
# inglés, con las mismas variables (una prueba dice cuáles faltan).

## La navegación y la paleta

nav-search = Buscar
nav-calendar = Calendario
nav-inventory = Inventario
nav-move-in = Ingreso
nav-campaigns = Campañas
nav-admissions = Admisiones
nav-sales = Ventas
nav-users = Usuarios
nav-plugin = Conexión del plugin
nav-outbox = Bandeja de salida
nav-settings = Configuración
command-go-to = Ir a { $place }
command-language = Idioma: { $language }
command-language-system = Idioma: como el sistema

## Las barras superior y de estado

top-connect = Conectarse a su portal…
top-signed-in = Sesión iniciada como { $name }
status-portal = Portal { $portal }
status-idle = Inactivo
status-in-flight = { $count ->
    [one] 1 solicitud en curso
   *[other] { GROUPED($count) } solicitudes en curso
}
status-new-leads = { $count ->
    [one] 1 cliente potencial nuevo espera una primera llamada
   *[other] { GROUPED($count) } clientes potenciales nuevos esperan una primera llamada
}
status-new-leads-short = { $count ->
    [one] 1 cliente potencial nuevo en espera
   *[other] { GROUPED($count) } clientes potenciales nuevos en espera
}
status-new-leads-hint = { $count ->
    [one] 1 cliente potencial nuevo espera una primera llamada: abrir Mi día
   *[other] { GROUPED($count) } clientes potenciales nuevos esperan una primera llamada: abrir Mi día
}
outbox-waiting = Bandeja de salida: { GROUPED($count) } en espera
top-sandbox = Sandbox · datos de demostración
top-training = FORMACIÓN · un portal de práctica: aquí no hay familias reales y nada cuenta en las cifras reales
top-reminders = Recordatorios
top-reminders-unseen = Recordatorios ({ GROUPED($count) })
top-reminders-means = El número cuenta los recordatorios de esta lista que llegaron desde que la abrió por última vez; un cliente nuevo al que ya contactó sale de ella.
top-reminders-more = … y { GROUPED($count) } más (Mi día lista cada cliente nuevo; el Calendario cada tarea)
command-palette = Comandos
command-work-offline = Trabajar sin conexión
command-go-online = Volver a conectarse
status-dismiss = Descartar
status-connected-sandbox = ✔ Conectado al sandbox integrado{ $address }
status-connected = ✔ Conectado a { $profile }{ $address }
status-connecting = ○ Conectando con { $label }…
status-working-offline = ⚠ Trabajando sin conexión: los cambios esperan en la Bandeja de salida
status-offline-since = ⚠ Sin conexión desde las { $time }: no se puede llegar al servicio
status-address = { $address }, portal { $portal }
status-trying = Intentando conectar…
status-retry = Reintentar ahora
status-retry-hint = Preguntar al servicio ahora; LeaseDesk también lo intenta solo cada pocos segundos
status-go-online-hint = Leer de nuevo del servicio y enviar lo que espera en la Bandeja de salida
status-work-offline-hint = Dejar de usar la red: las pantallas muestran la copia sin conexión y los cambios esperan en la Bandeja de salida
status-copy-short = Copia sin conexión { $today ->
    [yes] de las { $when }
   *[no] del { $when }
}
status-copy = Copia sin conexión { $today ->
    [yes] de las { $when }
   *[no] del { $when }
}, { $cases ->
    [one] 1 caso
   *[other] { GROUPED($cases) } casos
}
status-copy-on-disk = { $cases ->
    [one] 1 caso
   *[other] { GROUPED($cases) } casos
}, guardados cifrados en esta computadora; la búsqueda funciona sin la red
status-copy-this-run = { $cases ->
    [one] 1 caso
   *[other] { GROUPED($cases) } casos
}, guardados solo durante esta sesión, con una clave que nunca se escribe: { $why }
status-sync-failed = ⚠ falló la última sincronización
status-copy-restarted = ⚠ la copia sin conexión se empezó de nuevo
outbox-waiting-refused = { $count ->
    [0] Bandeja de salida: { $refused ->
        [one] 1 rechazado
       *[other] { GROUPED($refused) } rechazados
      }
   *[other] Bandeja de salida: { GROUPED($count) } en espera, { $refused ->
        [one] 1 rechazado
       *[other] { GROUPED($refused) } rechazados
      }
  }
outbox-short = Bandeja de salida ({ GROUPED($count) })
outbox-hint = Cambios hechos sin conexión; abrir la Bandeja de salida

## Cerrar un diálogo con algo escrito

close-lose-typed = ¿Cerrar y perder lo que escribió?
close-keep-editing = Seguir editando
close-discard = Descartar

## Configuración: el idioma

settings-language = Idioma
settings-language-system = Como el sistema ({ $language })
settings-language-hint = Todas las pantallas cambian al instante, sin reiniciar. Las que aún no están traducidas siguen en inglés.

## El calendario y Mi día

cal-view-my-day = Mi día
cal-view-month = Mes
cal-view-week = Semana
cal-view-agenda = Agenda
cal-today-is = Hoy, { $day }
cal-times-in = Horas de { $zone }
cal-today = Hoy
cal-previous = ◀ Anterior
cal-next = Siguiente ▶
cal-show = Mostrar
cal-community = Comunidad
cal-activity-type = Tipo de actividad
cal-assigned-to = Asignada a
cal-me = Yo
cal-anyone = Cualquiera
cal-me-named = Yo ({ $name })
cal-refresh = Actualizar
cal-refresh-hint = Leer los días de nuevo y poner al día la copia sin conexión (clientes potenciales nuevos, el trabajo de un colega)
cal-list-all = Mis actividades
cal-list-overdue = Mis vencidas
cal-list-due = Mis abiertas, no vencidas
cal-list-due-today = Mis abiertas, para hoy
cal-list-due-week = Mis abiertas, para esta semana
cal-list-history = Mis hechas o cerradas
cal-list-everyone = Las actividades de todos
cal-list-other = Otra lista
myday-overdue = ⚠ Vencidas ({ GROUPED($count) })
myday-nothing-overdue = Nada vencido.
myday-overdue-not-listed = { GROUPED($count) } de ellas no se listan: los días de todos listan las primeras { $per_day } tareas de cada día; elija una persona o una comunidad para ver el resto.
myday-due-today = Para hoy ({ GROUPED($count) })
myday-nothing-else-due = Nada más para hoy.
myday-upcoming-tours = Próximas visitas, en los siguientes { $days } días ({ GROUPED($count) })
myday-no-tours = No hay visitas reservadas.
myday-followed-up = Con seguimiento aquí ({ GROUPED($count) })
myday-show-fewer = Mostrar menos
myday-show-all = Mostrar las { GROUPED($count) }
myday-log-outcome = Resultado…
myday-new-leads = Clientes potenciales nuevos ({ GROUPED($count) })
myday-all-contacted = Ya se contactó a todos sus clientes potenciales nuevos.
myday-open-case = Abrir el caso
myday-log-first-contact = Primer contacto…
myday-lost = Perdido…
myday-lost-hint = Cerrar a { $name } como perdido, con un motivo
myday-needs-next-step = Necesita un próximo paso ({ GROUPED($count) })
myday-all-scheduled = Todos sus clientes potenciales activos tienen algo programado.
channel-draft-email = Correo…
channel-draft-text = Mensaje…
channel-draft-call = Llamar…
channel-draft-letter = Carta…
command-log-activity = Registrar actividad…
command-import-calls = Importar llamadas…
myday-by-colour = Por color
myday-most-at-stake = Más en juego
myday-first-reply-hint = Una primera respuesta a { $name } con la plantilla, registrada una vez enviada
myday-missed-calls = Llamadas perdidas ({ GROUPED($count) })
myday-missed-calls-everyone = Llamadas perdidas, de todos ({ GROUPED($count) })
myday-no-missed-calls = Ninguna llamada perdida espera respuesta.
myday-reading-calls = Leyendo las llamadas…
myday-call-back = Devolver llamada…
myday-log-call-back = Registrar devolución…
myday-plan-steps = Pasos del plan ({ GROUPED($count) })
myday-no-plan-steps = No vence ningún paso de un plan de seguimiento.
myday-reading-plans = Leyendo los planes…
cal-overdue-count = ⚠ { GROUPED($count) } vencidas

## Search

search-cases = Buscar casos
search-cases-hint = Nombre, teléfono o correo
search-rule = Encuentra un caso cuando una de sus personas tiene cada palabra que escribe, al comienzo de una palabra de su nombre, teléfono o correo (el nombre de un familiar y el del residente no se combinan); también lo encuentra el número de caso.
search-first-name = Nombre
search-last-name = Apellido
search-type = Tipo
search-any-type = Cualquier tipo
search-saved-list = Lista guardada
search-list-id = Id.
search-stage = Etapa
search-stage-hint = La etapa de venta más avanzada que alcanzó cada caso (filtra los casos mostrados)
search-follow-up = Seguimiento
search-stopped = Pidió no ser contactado
search-stopped-hint = Solo los casos en que alguien pidió no recibir llamadas, mensajes de texto, correos ni cartas (registrado en el caso; la columna Contacto dice cuáles)
search-duplicates = Posibles duplicados
search-duplicates-hint = Casos del portal que pueden ser una misma persona: mismo correo, teléfono o nombre
search-shown-of = { GROUPED($shown) } de { $cases ->
    [one] 1 caso
   *[other] { GROUPED($cases) } casos
} mostrados
search-showing = Se muestran { GROUPED($served) } de { GROUPED($total) } casos
search-cases-count = { $cases ->
    [one] 1 caso
   *[other] { GROUPED($cases) } casos
}
search-load-more = Cargar más
search-show-all = Mostrar todo
search-show-all-hint = Quitar los filtros de Etapa, Seguimiento y contacto
col-name = Nombre
col-type = Tipo
col-status = Estado
col-assigned-to = Asignado a
col-communities = Comunidades
col-phone = Teléfono
col-created = Creado
col-source = Fuente
col-stage = Etapa
col-follow-up = Seguimiento
col-contact = Contacto
search-not-shown = No caben en este ancho: { $columns }. Ensanche la ventana o abra un caso para verlas.

## Commands on buttons and in the palette
command-new-individual = Nueva persona…
command-add-contact = Agregar un contacto…
command-log-call = Registrar una llamada…
command-log-outcome = Registrar resultado…
command-close-lost = Cerrar como perdido…
command-schedule-tour = Programar una visita…
command-export-cases = Exportar casos a CSV…
command-export-weekly = Exportar el informe semanal (PDF)…
command-start-move-in = Iniciar ingreso…
command-admission-checklist = Lista de admisión…

## The domain's names: sales stages and Search's filters
stage-inquiry = Consulta
stage-tour = Visita
stage-deposit = Depósito
stage-move-in = Ingreso
stage-any = Cualquier etapa
stage-none = Sin etapa aún
follow-up-any = Cualquier seguimiento
follow-up-red = Rojo: sin contacto a tiempo
follow-up-amber = Ámbar: contacto pronto
follow-up-green = Verde: con cita o reciente

## Admissions
admissions-coming-up = Próximos ingresos
admissions-community = Comunidad
admissions-all-communities = Todas las comunidades
admissions-days-ahead = Días por delante
admissions-refresh = Actualizar
admissions-none = No hay ingresos en los próximos { $ahead } días ni en los últimos { $recent } días.
admissions-checklist = Lista de admisión
admissions-open-any = O abra la lista de cualquier caso por su número:
admissions-back = Volver a los próximos ingresos
admissions-case-number = Número de caso
admissions-show-checklist = Mostrar la lista
admissions-queue = Cola de admisiones
admissions-col-move-in = Ingreso
admissions-col-name = Nombre
admissions-col-community = Comunidad
admissions-col-unit = Unidad
admissions-col-checklist = Lista
admissions-not-ready = No está listo
admissions-paperwork-open = Trámites pendientes
admissions-open-checklist = Abrir la lista
admissions-moved-in = { $day } (ya ingresó)
admissions-reading = Leyendo…
admissions-not-known = Se desconoce: no se pudo leer el servicio

## The Outbox pane
outbox-about = Cambios hechos mientras no se pudo llegar al servicio. Se envían solos, en el orden en que se hicieron, en cuanto vuelve a responder.
outbox-on-disk = Guardados cifrados en esta computadora: siguen aquí al cerrar LeaseDesk.
outbox-this-run = Esta conexión no guarda copia sin conexión, así que se conservan hasta cerrar LeaseDesk.
outbox-not-connected = Aún sin conexión.
outbox-empty = No hay nada en espera de envío.
outbox-changes = { $count ->
    [one] 1 cambio
   *[other] { GROUPED($count) } cambios
}
outbox-to-send = en espera de envío
outbox-send-now = Enviar ahora
outbox-send-now-offline = Eligió Trabajar sin conexión: elija Volver a conectarse en la barra de estado para enviar
outbox-send-now-nothing = No hay nada en espera
outbox-saved = guardado { $when }
outbox-state-waiting = En espera de envío
outbox-state-sending = Enviado; comprobando con el servicio si llegó
outbox-refused = El servicio lo rechazó: { $message }
outbox-cannot-tell = No llegó respuesta y, sin correo electrónico ni teléfono, no se puede saber si se creó el caso de { $name }. Búsquelo: si está, descarte esto; si no, envíelo de nuevo
outbox-send-again = Enviar de nuevo tal cual
outbox-discard = Descartar
outbox-unopened = { $count ->
    [one] 1 cambio guardado aquí no se puede abrir con la clave de esta computadora
   *[other] { GROUPED($count) } cambios guardados aquí no se pueden abrir con la clave de esta computadora
}
outbox-unopened-about = La clave del llavero del sistema falta o fue reemplazada, así que no se pueden leer ni enviar. Se conservan tal cual. Si se puede restaurar la clave anterior en el llavero, reinicie LeaseDesk y se enviarán. Si no, expórtelos (aún cifrados) para su administrador, o descártelos.
outbox-export-sealed = Exportarlos sellados…
outbox-discard-them = Descartarlos…
outbox-discard-warning = { $count ->
    [one] Descartar borra 1 cambio para siempre; el servicio nunca lo recibió.
   *[other] Descartar borra { GROUPED($count) } cambios para siempre; el servicio nunca los recibió.
}
outbox-discard-count = { $count ->
    [one] Descartar 1 cambio
   *[other] Descartar { GROUPED($count) } cambios
}
outbox-keep-them = Conservarlos
admissions-progress = { GROUPED($met) } de { GROUPED($total) } cumplidos

## Campaigns
campaigns-choose = Elija una campaña a la izquierda para ver su tablero de confirmaciones.
campaigns-active = Activa
campaigns-inactive = Inactiva
campaigns-inactive-short = inactiva
campaigns-reload = Recargar
campaigns-saving = { $count ->
    [one] Guardando 1 movimiento…
   *[other] Guardando { GROUPED($count) } movimientos…
}
campaigns-find = Buscar una campaña
campaigns-go = Ir
campaigns-none = Ninguna campaña coincide.
campaigns-community = Comunidad
campaigns-all-communities = Todas las comunidades
campaigns-export = Exportar lista CSV…
campaigns-add-people = Agregar personas a esta campaña
campaigns-find-people = Buscar personas
campaigns-starting-status = Estado inicial
campaigns-added-offline = Agregado sin conexión: en espera de envío (vea la Bandeja de salida)
campaigns-already-in = { $name } ya está en la campaña
campaigns-move-to-menu = Mover a…
campaigns-move-to = Mover a { $status }
campaigns-card-hint = Ábrala para mover a esta persona a otra columna; arrástrela para moverla
campaigns-moved-offline = Movido sin conexión: en espera de envío
campaigns-drag-hint = Arrastre a otra columna
campaigns-no-answer = No llegó respuesta; recargue el tablero para ver si el movimiento se guardó.

## Plugin endpoint
plugin-about = La dirección a la que el servicio envía eventos. Debe servirse por https con un certificado válido.
plugin-applies-to = Se aplica a
plugin-whole-portal = Todo el portal
plugin-address = Dirección del punto de conexión
plugin-save = Guardar punto de conexión

## Users
users-find = Buscar usuarios
users-find-hint = Id, correo o nombre
users-find-button = Buscar
users-no-id = El servicio no devolvió un id para este usuario
users-batch-refused = No creado: otro usuario del lote fue rechazado
users-create = Crear usuarios
users-user = Usuario { $number }
users-remove = Quitar el usuario { $number }
users-first-name = Nombre
users-last-name = Apellido
users-email = Correo electrónico
users-time-zone = Zona horaria
users-choose = Elegir…
users-communities = Comunidades
users-activation = Enviar un correo de activación
users-created = Usuario { $id } creado
users-add-another = Agregar otro usuario
users-create-count = { $count ->
    [one] Crear 1 usuario
   *[other] Crear { GROUPED($count) } usuarios
}
users-clear-created = Quitar los usuarios creados
users-col-id = Id
users-col-name = Nombre
users-col-last-login = Último acceso
users-col-email = Correo electrónico
users-never = Nunca

## Settings
settings-appearance = Apariencia
settings-theme = Tema
theme-system = Como el sistema
theme-dark = Oscuro
theme-light = Claro
theme-high-contrast = Alto contraste
settings-zoom = Zoom { $percent }%
settings-drawing-with = Dibuja con
settings-renderer-hint = Si la ventana parpadea o queda en blanco, inicie LeaseDesk con --renderer { $alt } (o defina LEASEDESK_RENDERER={ $alt })
settings-updates = Actualizaciones
settings-update-feed = Fuente de actualizaciones
settings-update-feed-it-windows = (la fija su departamento de TI para esta computadora, por directiva)
settings-update-feed-it-unix = (la fija su departamento de TI para esta computadora en /etc/leasedesk/update-feed)
settings-update-feed-hint = https://… (de su TI; vacío: sin actualizaciones)
settings-check-updates = Buscar actualizaciones
settings-check-updates-disabled = Escriba primero la dirección de la fuente de actualizaciones
settings-updates-signed = Una actualización se comprueba con la firma propia de LeaseDesk antes de guardarla, y se instala la próxima vez que LeaseDesk se inicia.
settings-files = Archivos
settings-no-home = no se encontró una carpeta personal
settings-files-data = Datos (portal de demostración, notas locales)
settings-files-logs = Registros (sin secretos ni datos personales)
settings-files-prefs = Preferencias
settings-files-keyring = Las claves, contraseñas y tokens se guardan en el llavero del sistema, nunca en estas carpetas.
settings-offline = Copia sin conexión
settings-offline-about = LeaseDesk guarda una copia de los casos de este portal (nombres, teléfonos, correos electrónicos y números de caso de prospectos, residentes y sus familias) para que la búsqueda responda al instante y siga funcionando cuando se cae la red. En esta computadora se cifra con una clave guardada en el llavero del sistema, en un archivo que solo su cuenta de usuario puede leer. El sandbox guarda una; un portal real la guarda solo si su perfil lo indica (abajo, al editarlo).
settings-offline-on-disk = Esta conexión: { $count ->
    [one] { GROUPED($count) } caso
   *[other] { GROUPED($count) } casos
  }, { $today ->
    [yes] de las { $when }
   *[no] del { $when }
  }, cifrada en esta computadora.
settings-offline-not-synced = Esta conexión: cifrada en esta computadora, aún sin sincronizar.
settings-offline-this-run = Esta conexión: { $count ->
    [one] { GROUPED($count) } caso guardado
   *[other] { GROUPED($count) } casos guardados
  } solo durante esta sesión ({ $why }).
settings-offline-folder = Carpeta: { $path }
settings-offline-sync-failed = ⚠ La última sincronización falló: { $problem }
settings-sync-every = Sincronizar cada
settings-minutes = { $minutes } minutos
settings-sync-now = Sincronizar ahora
settings-remove-copy = Quitar la copia sin conexión
settings-remove-copy-hint = Borra el archivo y su clave; esta sesión sigue trabajando con el servicio
settings-unsent-changes = { $count ->
    [one] { GROUPED($count) } cambio guardado
   *[other] { GROUPED($count) } cambios guardados
  }
settings-unopened = { GROUPED($changes) } ({ GROUPED($unopened) } de ellos no se pueden abrir con la clave de esta computadora)
settings-remove-warning = ⚠ { GROUPED($changes) } aún sin enviar. Quitar la copia sin conexión los descarta para siempre: el servicio nunca los recibió. Envíelos primero (Bandeja de salida) salvo que esté seguro.
settings-discard-and-remove = Descartar { GROUPED($changes) } y quitar la copia
settings-keep-copy = Conservar la copia
settings-reminders = Recordatorios
settings-reminders-on = Recordarme mis visitas y citas, y las tareas que se vencen
settings-minutes-before = Minutos antes de una visita o cita
settings-min-suffix = { " " }min
settings-quiet-hours = Horas de silencio
settings-quiet-from = de
settings-quiet-until = a
settings-reminders-where = Los recordatorios aparecen bajo la campana de la barra superior, y como notificaciones del escritorio donde el sistema las ofrece.
settings-connections = Conexiones
settings-signed-in-as = Sesión iniciada como { $name } (usuario { $id }): "Yo" en los filtros, y quien recibe los recordatorios de sus tareas.
settings-signed-in-unknown = Quién inició sesión se sabe cuando el servicio responde.
settings-sandbox = Sandbox integrado con datos de demostración: funciona sin credenciales.
settings-in-use = En uso
settings-use-sandbox = Usar el sandbox
settings-second-sandbox = Su segundo portal de demostración, Harbor Light (otras comunidades y cifras: una región de dos en Ventas, Región).
settings-use-second-sandbox = Usar el segundo portal de demostración
settings-profile-where = { $url } · portal { $portal }
settings-use-profile = Usar { $name }
settings-edit-profile = Editar { $name }
settings-sign-out = Cerrar sesión
settings-remove-profile = Quitar { $name }
settings-editing = Editar “{ $name }”
settings-connect-portal = Conectarse a su portal
settings-profile-name = Nombre del perfil
settings-base-url = URL base
settings-portal-id = PortalId
settings-subscription-key = Clave de suscripción
settings-user-name = Nombre de usuario (opcional)
settings-password = Contraseña (opcional)
settings-keep-offline = Guardar una copia cifrada sin conexión de este portal en esta computadora
settings-keep-offline-no-keyring = Esta computadora no tiene llavero del sistema para guardar la clave de la copia, así que un portal real no puede guardar una copia sin conexión
settings-secrets-in-keyring = La clave de suscripción y la contraseña se guardan en el llavero del sistema, nunca en un archivo.
settings-secrets-session = No se puede usar un llavero del sistema: { $why }. La clave de suscripción y la contraseña se guardan solo durante esta sesión y deberá escribirlas otra vez la próxima vez.
settings-test-connection = Probar la conexión
settings-save = Guardar
settings-save-connect = Guardar y conectar
settings-new-profile = Perfil nuevo
settings-the-test = la prueba de conexión
settings-connected = { $count ->
    [one] Conectado: el portal { $portal } tiene 1 comunidad
   *[other] Conectado: el portal { $portal } tiene { GROUPED($count) } comunidades
}
settings-confirm-remove = ¿Quitar el perfil “{ $name }”?
settings-confirm-sign-out = ¿Cerrar la sesión de “{ $name }”?
settings-confirm-what-goes = Su clave de suscripción y su contraseña salen del llavero, y su copia sin conexión, su bandeja de salida y sus recordatorios se borran de esta computadora.
settings-switches-to-sandbox = LeaseDesk pasa al sandbox integrado.
settings-waiting-lost = ⚠ { $count ->
    [one] { GROUPED($count) } cambio en espera
   *[other] { GROUPED($count) } cambios en espera
  } en la Bandeja de salida se perderán: envíelos primero si puede.
settings-remove-and-data = Quitar el perfil y sus datos
settings-sign-out-and-data = Cerrar sesión y borrar sus datos
settings-cancel = Cancelar
settings-name-taken = Ya existe un perfil llamado “{ $name }”: los nombres que solo difieren en mayúsculas, espacios o puntuación son el mismo nombre aquí. Elija otro nombre
settings-name-needed = Dé al perfil un nombre con al menos una letra o un dígito
settings-url-credentials = La URL base no debe llevar un usuario ni una contraseña (user:pass@): use los campos de abajo
settings-url-https = La URL base debe empezar con https:// (http simple solo hacia esta computadora)
settings-portal-number = PortalId debe ser un número
settings-key-needed = Escriba la clave de suscripción de su perfil de la API
settings-training-key-live = Esta es una clave de capacitación: abre el servidor de capacitación de una clase, nunca el servicio real. Escriba la dirección de la clase, o la clave del servicio real
settings-secrets-not-stored = No se pudieron guardar los secretos: { $problem }
settings-saved = { $name } guardado
settings-refused = Se rechazó la clave de suscripción (o el usuario y la contraseña): { $message }
settings-forbidden = La clave es válida pero no puede usar este PortalId: { $message }
settings-not-v3 = La URL base respondió, pero no como la API v3: revise la dirección
settings-tls-failed = Falló la conexión segura ({ $detail }): revise que la URL base sea correcta
settings-connect-failed = No se pudo llegar al servidor ({ $detail }): revise la URL base y su red
settings-timeout = El servidor no respondió a tiempo: revise su red e inténtelo otra vez
command-open-case = Abrir { $name }
command-search-cases = Buscar casos
command-search-for = Buscar { $text }
command-new-individual-calling = Persona nueva con el teléfono { $number }…
command-save-templates = Guardar las plantillas de contacto
command-keep-call-columns = Conservar las columnas de la exportación de llamadas
command-set-targets = Fijar sus metas junto a las del sector
command-theme-system = Tema: como el sistema
command-theme-dark = Tema: oscuro
command-theme-light = Tema: claro
command-theme-high-contrast = Tema: alto contraste
command-reminders-on = Activar los recordatorios
command-reminders-off = Desactivar los recordatorios
command-set-lead-rules = Fijar el plazo de respuesta y el horario de oficina
command-sync-every = Sincronizar la copia sin conexión cada { $minutes } minutos
command-zoom-in = Acercar
command-zoom-out = Alejar
command-zoom-reset = Restablecer el zoom
command-connect-sandbox = Conectarse al sandbox integrado (datos de demostración)
command-sales-benchmarks = Ventas: nuestras cifras junto a las del sector
command-sales-view = Ventas: { $view }
command-connect-second-sandbox = Conectarse al segundo portal de demostración del sandbox (Harbor Light)
command-connect-profile = Conectarse a { $name }
command-save-profile = Guardar { $name }
command-remove-profile = Quitar { $name }
command-sign-out-of = Cerrar la sesión de { $name }
command-help = Ayuda: la guía del usuario
command-check-updates = Buscar actualizaciones
command-set-update-feed = Fijar la fuente de actualizaciones
command-edit-send-again = Editar y enviar otra vez
command-choose-another-unit = Elegir otra unidad
command-correct-move-in = Corregir el ingreso
sales-view-funnel = Embudo
sales-view-forecast = Previsión de ocupación
sales-view-team-board = Tablero del equipo
sales-view-lost-leads = Clientes perdidos
sales-view-sources = Fuentes de referencia
sales-view-calls = Llamadas
sales-view-benchmarks = Junto al sector
sales-view-partners = Paquetes para socios
sales-view-region = Región
lead-rules = Rapidez con los clientes nuevos y seguimientos
lead-rules-call-within = Llamar a un cliente nuevo en
lead-rules-call-within-hint = De horario de oficina. El reloj se pone ámbar a la mitad y rojo al cumplirse.
lead-rules-office-hours = Horario de oficina
lead-rules-amber-after = Sin nada agendado, un cliente pasa a ámbar tras
lead-rules-red-after = y a rojo tras
lead-rules-hours-suffix = { " " }h
lead-rules-about = Las horas se cuentan en la zona horaria del portal. Un cliente a quien nadie ha contactado todavía se colorea por su espera frente al plazo de respuesta; una vez contactado, queda verde mientras haya algo agendado o el último contacto sea reciente. El caso, Mi día, Búsqueda, la campana y el tablero del equipo lo dicen igual.
lead-rules-to = a
lead-rules-closes-first = Cierra antes de abrir: no cuenta ninguna hora.
lead-rules-no-day = Ningún día abierto: no cuenta ninguna hora.
lead-rules-community = Comunidad { $id }
lead-rules-use-portal-hours = Usar el horario del portal
lead-rules-use-portal-hours-hint = Quitar el horario propio de esta comunidad
lead-rules-other-hours = Una comunidad tiene otro horario
lead-rules-choose-community = Elegir una comunidad
lead-rules-other-hours-hint = Empieza con el horario del portal; cambie aquí sus días y horas
lead-rules-paid = Fuentes de referencia pagadas
lead-rules-paid-about = Con el nombre que tiene la fuente de mercado en el portal (sin importar mayúsculas). Una consulta nueva que llega por una de ellas se compara con contactos anteriores; la pestaña Fuentes de referencia de Ventas cuenta lo que se debe por sus ingresos.
lead-rules-paid-source = Fuente pagada { $number }
lead-rules-market-source = Fuente de mercado
lead-rules-market-source-hint = El nombre de la fuente de mercado, como lo lista el portal
lead-rules-of-first-month = del primer mes
lead-rules-a-move-in = por ingreso
lead-rules-remove = Quitar
lead-rules-add-paid = Agregar una fuente pagada
score = Puntaje de ingreso
score-about = La probabilidad de que cada cliente activo ingrese en 90 días, ajustada con el propio pasado de este portal (vea la guía). Abajo, la comprobación: un puntaje ajustado sin los últimos seis meses, probado con ellos. Los clientes se dividen en décimos según lo que predijo; junto a cada uno, cuántos ingresaron de verdad.
score-failed = ⚠ Sin puntaje: { $error }
score-not-kept = El puntaje se calcula con la copia sin conexión de este escritorio, que todavía se está llenando (la primera sincronización); aparece cuando termine
score-too-little-history = Muy poco historial para dar puntaje a los clientes potenciales: { GROUPED($leads) } clientes anteriores, { GROUPED($move_ins) } de ellos se mudaron en 90 días (se necesitan al menos { $min_leads } y { $min_move_ins })
score-working = Calculando el puntaje…
score-fitted = { GROUPED($scored) } clientes activos con puntaje. Ajustado con el pasado del portal: { GROUPED($fitted) } clientes tal como estaban en días separados por dos semanas, de los que { $rate } ingresaron en los 90 días siguientes.
score-no-check = Aún sin comprobación: el pasado anterior a los últimos seis meses es demasiado corto para ajustar.
score-check = La comprobación: clientes tal como estaban del { $from } al { $to }, puntuados con un ajuste sobre los { GROUPED($fitted) } anteriores; de ellos, { $rate } ingresaron en los 90 días siguientes.
score-lift = El décimo superior ingresó { $lift } veces más que el cliente promedio.
score-col-tenth = Décimo
score-col-leads = Clientes
score-col-predicted = Predicho
score-col-moved-in = Ingresaron
targets = Metas junto a las del sector
targets-about = Ventas pone las cifras del portal junto a estas. Marque una medida para usar su propia meta en lugar de la cifra publicada.
targets-published = publicado { $value } ({ $source }, { $date })
targets-yours = Su meta para { $measure }
calling-hours = Horario de llamadas
calling-hours-tip = Las llamadas y los mensajes de texto a una familia se retienen fuera de este horario, según su propio reloj. La ley permite de 8:00 a. m. a 9:00 p. m. (algunos estados menos); puede acortarlo para sus comunidades, nunca ampliarlo.
calling-start-at = Llamadas y mensajes desde las
calling-end-by = y hasta las
calling-set-hours = Fijar el horario
calling-use-law = Usar el horario de la ley
calling-use-law-hint = De 8:00 a. m. a 9:00 p. m., y el de cada estado donde sea más estricto
calling-communities = Estado y horario de cada comunidad
calling-community-tip = El servicio no dice en qué estado está una comunidad. Si se indica aquí, una familia sin dirección registrada (o con varias) se rige por las reglas de ese estado con el reloj de la comunidad, en lugar de las más estrictas de todos los estados, y las llamadas de la comunidad se ajustan a su propio horario (más corto que el del escritorio, nunca más amplio que el de la ley).
calling-col-community = Comunidad
calling-col-state = Estado
calling-col-hours = Horario
calling-col-days = Días
calling-col-source = Fuente
calling-state-not-said = sin indicar
calling-desks-hours = el del escritorio
calling-forget = Olvidar
calling-forget-hint = { $name } vuelve a las reglas del escritorio
calling-communities-unread = Las comunidades del portal aún no se han leído.
calling-for-community = Para la comunidad
calling-its-start = Sus llamadas desde las
calling-its-end = sus llamadas hasta las
calling-set-community = Fijar para esta comunidad
calling-set-community-hint = Sin horas, se usa el horario del escritorio; sin estado, se usan las reglas más estrictas de todos los estados para personas sin dirección
calling-not-set = ⚠ No se fijó: { $error }. Lo escrito se conserva.
calling-states = Estados con reglas más estrictas
calling-states-edited = según se editaron en este escritorio
calling-states-shipped = como las trae LeaseDesk
calling-edit-table = Editar la tabla…
calling-no-sundays = sin domingos
calling-no-holidays = sin feriados
calling-cap = como máximo { GROUPED($cap) } en 24 h
calling-source-checked = { $source } (comprobado el { GROUPED($checked) })
calling-table-format = Una fila por estado: state,opens,closes,no_sundays,no_holidays,cap_24h,source,checked,sat_opens,sat_closes (las dos últimas para un horario más corto el sábado, o vacías). Una fila solo puede ser más estricta que la ley, y nombra su fuente.
calling-table = La tabla de los estados:
calling-apply-table = Aplicar la tabla
calling-restore-table = Restaurar la tabla de LeaseDesk
calling-restore-table-hint = La tabla que trae esta versión, con sus fuentes
calling-not-applied = ⚠ No se aplicó: { $error }. Nada cambió; su texto se conserva.
outreach-written-in = Escrito en
outreach-language-theirs = su idioma, según consta en el caso
outreach-keep-language = Registrar como su idioma
outreach-keep-language-hint = Lo registra en el caso, para que cada escritorio le escriba en él (el servicio no guarda el idioma de una persona)
outreach-language-not-kept = ⚠ No se registró: { $error }. El mensaje sigue escrito en él; inténtelo otra vez.
purpose-first-reply = Primera respuesta
purpose-after-tour = Después de una visita
purpose-no-answer = Sin respuesta
purpose-checklist = Recordatorio de la lista
purpose-referral-partner = Socio de referencia
purpose-partner-pack = Paquete para socios
channel-email = Correo
channel-text = Texto
channel-call = Llamada
channel-letter = Carta
templates = Plantillas de contacto
templates-about = Lo que Correo…, Texto…, Llamada… y Carta… usan como punto de partida en un caso. La plantilla propia de una comunidad va antes que la de todas las comunidades; a una familia se le escribe en su idioma, registrado en el caso, y en inglés donde una plantilla no está escrita en él.
templates-every-community = Todas las comunidades
templates-purpose = Propósito
templates-channel = Medio
templates-language = Idioma
templates-for-every = La usan todas las comunidades que no tienen una propia.
templates-own = Plantilla propia de { $community }.
templates-uses-shared = { $community } usa la plantilla de todas las comunidades; un cambio aquí crea la suya propia.
templates-use-shared-again = Volver a usar la de todas las comunidades
templates-subject = Asunto
templates-text = Texto
templates-not-fields = ⚠ No son campos de combinación: { $fields }
templates-merge-fields = Campos de combinación
templates-gap = Un campo que le falta al caso se muestra como [¿campo?] en español y [field?] en inglés.
templates-preview-on = Vista previa en el caso
templates-case-number = número de caso
templates-preview = Vista previa…
templates-preview-hint = Abre el mensaje en ese caso; nada sale si usted no lo envía
templates-case = caso { $number }
call-reached = Contactado
call-voicemail = Buzón de voz
call-no-answer = Sin respuesta
outreach-the-case = el caso
outreach-nothing-sent = El servicio no puede enviar mensajes, ni cambiar ni borrar una actividad: LeaseDesk entrega el mensaje a su propia aplicación y registra una actividad en el caso cuando usted indica que salió.
outreach-reading-case = Leyendo el caso…
outreach-to = Para
outreach-email = Correo electrónico
outreach-phone = Teléfono
outreach-not-on-case = no está en el caso: escríbalo
outreach-typed-here = No está en el caso: se guarda solo en este escritorio (el servicio no puede agregarlo a la persona)
outreach-script = Guion y notas (las notas van en la llamada registrada)
outreach-message = Mensaje
outreach-gaps = ⚠ No está en este caso: { $fields } — escríbalo o quítelo antes de enviarlo
outreach-unknown-fields = ⚠ La plantilla nombra campos que no existen: { $fields }
outreach-text-kept = Su texto se conserva.
outreach-start-again = Empezar otra vez desde la plantilla
outreach-logged = ✔ Registrado en el caso como { $kind } (actividad { $id })
outreach-logged-result = ✔ Registrado en el caso como { $kind }, resultado: { $result } (actividad { $id })
outreach-logged-offline = ✔ Registrado sin conexión: se envía solo cuando se pueda llegar al servicio (vea la Bandeja de salida)
outreach-not-logged = ⚠ No se registró: { $error }. No se perdió nada de lo escrito; inténtelo otra vez.
outreach-open-mail = Abrir en la aplicación de correo
outreach-open-messaging = Abrir en la aplicación de mensajes
outreach-handed = Entregado a su aplicación: envíelo allí y luego pulse Enviado.
outreach-copy = Copiar
outreach-copied = Copiado: péguelo donde va y luego pulse Enviado.
outreach-copied-but = Copiado, pero { $problem }: Enviado necesita saber adónde fue
outreach-sent = Enviado
outreach-sent-hint = Registra una { $kind } en el caso, con el mensaje como nota
outreach-call = Llamar
outreach-call-hint = Entrega el número a su aplicación de teléfono
outreach-dialling = Marcando en su aplicación de teléfono: indique abajo cómo fue.
outreach-copy-number = Copiar el número
outreach-copy-number-hint = Para marcarlo en un teléfono de escritorio
outreach-number-copied = Número copiado: márquelo y luego indique cómo fue.
outreach-called = Llamada:
outreach-call-outcome-hint = Registra una Call Out en el caso con el resultado { $outcome }
outreach-save-letter = Guardar la carta en PDF…
outreach-letter-sent-hint = Registra una Mail Out en el caso, con la carta como nota
outreach-done = Listo
outreach-close = Cerrar
outreach-correction-logged = ✔ Corrección registrada: el reloj del cliente ya no la cuenta
outreach-by-mistake = Registrado por error…
outreach-by-mistake-later = Cuando se envíe desde la Bandeja de salida, se podrá registrar una corrección
outreach-correction-ask = ¿Registrar una nota en el caso de que no salió?
outreach-log-correction = Registrar la corrección
outreach-log-correction-hint = El servicio no puede borrar una actividad: la nota dice que esta no ocurrió, y ningún reloj ni conteo la tiene en cuenta
outreach-keep-it = Conservarla
outreach-correction-failed = ⚠ No se registró: { $error }
outreach-no-record-type = Este portal no tiene un tipo de actividad Update u Other para registrarlo
outreach-no-type = Este portal no tiene un tipo de actividad { $kind } para registrarlo
outreach-case-not-read = El caso aún no se ha leído
outreach-why-gaps = Primero complete o quite los campos que le faltan al caso
outreach-why-recipient = { $problem }: primero escriba adónde va
outreach-why-not-handed = Primero ábralo en su aplicación o cópielo (otra vez, tras un cambio): Enviado registra que salió
guard-choose-whom = Elija a quién va.
guard-unread = No se pudieron leer las actividades del caso, así que no se conocen los deseos de la familia: inténtelo otra vez cuando se lea el caso.
guard-checking = Comprobando los deseos de la familia y su hora…
guard-held-until = ⛔ Retenido: { $reason } Permitido desde { $when } (su hora).
guard-held = ⛔ Retenido: { $reason }
guard-asked-to-stop = Pidió que paremos…
guard-asked-to-stop-hint = La familia pidió que no la contacten: lo registra en el caso, para que ningún escritorio vuelva a ofrecerlo
guard-stop = Parar:
guard-all-contact = todo contacto
guard-how = Cómo lo dijeron:
guard-log-opt-out = Registrar la baja
guard-not-logged = ⚠ No se registró: { $error }. Inténtelo otra vez; no se envió nada.
guard-stop-calls = llamadas
guard-stop-texts = mensajes de texto
guard-stop-emails = correos
guard-stop-letters = cartas
field-person = el nombre completo del prospecto
field-person-first = el nombre de pila del prospecto
field-contact = la persona a quien se escribe (el prospecto o un familiar)
field-contact-first = su nombre de pila
field-community = la comunidad
field-agent = usted, el agente que escribe
field-tour-day = el día de la próxima (o última) visita
field-tour-time = su hora
field-unit = la unidad del contrato del caso
field-rate = su tarifa mensual
field-checklist-needs = lo que aún falta en la lista de ingreso
likelihood-under-tenth = menos de 0.1%
update-not-checked = Aún no se buscaron actualizaciones.
update-no-feed = No hay una fuente de actualizaciones: escriba en Configuración (Actualizaciones) la dirección que le dio su TI, o su TI la fija para la computadora.
update-checking = Buscando actualizaciones…
update-latest = LeaseDesk { $version } es la versión más reciente.
update-downloading = Descargando LeaseDesk { $version }: { $percent }%…
update-ready = LeaseDesk { $version } está descargado y comprobado; se instala la próxima vez que LeaseDesk se inicie.
update-available = LeaseDesk { $version } está disponible: instálelo con su gestor de paquetes (p. ej., sudo apt install ./{ $file }), o pídaselo a TI.
update-not-checked-because = No se buscan actualizaciones: { $why }.
update-refused = Actualización rechazada: { $why }.
update-failed = No se pudo llegar a la fuente de actualizaciones ({ $reason }); LeaseDesk lo intenta otra vez mañana, o use Buscar actualizaciones.
outreach-language-none = el caso no tiene un idioma registrado
case-close = ✖ Cerrar el caso
case-number = Caso { $number }
case-typed-here = Escrito en este escritorio
case-someone = Alguien del caso
case-typed-in-message = { $name }: { $reach } (escrito en un mensaje el { $day })
case-typed-note = El servicio no puede agregar una dirección ni un número a una persona: solo este escritorio los guarda, y los ofrece en el próximo mensaje.
case-reach-out = Contactar:
case-refresh = Actualizar
case-people = Personas
case-email = Correo: { $email }
case-home = Casa
case-mobile = Celular
case-work = Trabajo
case-source = Fuente: { $source }
case-assigned = Asignado a: { $user }
case-communities = Comunidades: { $names }
case-created = Creado el { $day }
case-no-email = Correo: no disponible en esta vista
case-no-email-hint = La búsqueda del servicio devuelve el correo de las personas relacionadas de un caso, no el de su persona principal, y no tiene otra lectura de él.
case-the-addresses = las direcciones
case-activities = Actividades
case-the-activities = las actividades
case-no-activities = Aún no hay actividades.
case-voided = ✖ Registrada por error
case-followed-up = ↪ Con seguimiento
case-overdue = ⚠ Vencida
case-done = ✔ Hecha
case-cancelled = ✖ Cancelada
case-open = ○ Abierta
case-all-day = { $day }, todo el día
case-activity = Actividad
case-log-outcome = Registrar el resultado…
case-show-all = { $count ->
    [one] Mostrar la actividad
   *[other] Mostrar las { GROUPED($count) } actividades
  }
case-contracts = Contratos de vivienda
case-the-contracts = los contratos
case-no-contracts = No hay contratos de vivienda.
case-contract-active = Activo
case-contract-ended = Terminado
case-contract-where = { $community } · unidad { $unit } · { $care }
case-contract-from = { $name } · desde el { $from }
case-contract-from-to = { $name } · del { $from } al { $to }
case-transactions = Transacciones
case-the-transactions = las transacciones
case-no-transactions = No hay transacciones.
case-followed-up-tip = El servicio no puede cambiar una actividad una vez creada, así que la sigue listando como abierta. LeaseDesk registró su resultado y su próximo paso como actividades nuevas y recuerda, en esta computadora, que esta ya está atendida.
case-part-outcome = resultado
case-part-next = siguiente
case-part-saved = { $what }: guardado
remote-as-of = { $today ->
    [yes] de las { $when }
   *[no] del { $when }
  }
remote-definite = { $thing }
remote-working-offline = ⚠ Trabajando sin conexión.
remote-offline = ⚠ Sin conexión: no se puede llegar al servicio.
remote-copy-of = Se muestra la copia sin conexión ({ $what }), { GROUPED($kept) }.
remote-copy-of-unkept = Se muestra la copia sin conexión ({ $what }).
remote-go-online = Conéctese (barra de estado) para volver a leer del servicio.
remote-saving = Guardando { $what }…
remote-refreshing-copy = Actualizando { $what }… (se muestra la copia sin conexión, { GROUPED($kept) })
remote-refreshing = Actualizando { $what }…
remote-loading = Cargando { $what }…
remote-loaded-before = Se muestra lo leído antes ({ $what }).
remote-retry-in = Se reintenta solo en { $seconds } s; su trabajo en esta pantalla se conserva.
remote-retry = Reintentar
remote-trying = Intentando…
remote-trying-hint = Preguntando al servicio si se puede llegar a él
noun-users = los usuarios
noun-communities = las comunidades
noun-new-users = los usuarios nuevos
noun-endpoint = la conexión
noun-members = los miembros
noun-campaigns = las campañas
noun-new-members = los miembros nuevos
noun-checklist = la lista
noun-lists = las listas
noun-the-activity = la actividad
choice-none = Ninguno
log-title = Registrar una actividad
log-nothing-lost = No se perdió nada: corrija el formulario y guarde otra vez.
log-saved = ✔ Actividad guardada (id { $id })
log-saved-offline = ✔ Guardada sin conexión: se envía sola cuando se pueda llegar al servicio (vea la Bandeja de salida)
log-saving = Guardando…
log-save = Guardar la actividad
log-type = Tipo de actividad
log-for = Para
log-case-of = (caso { $number })
log-change = Cambiar
log-find = Buscar persona
log-find-hint = Nombre, teléfono o correo
log-person-of-case = { $name } (caso { $number })
log-date = Fecha
log-all-day = Todo el día
log-start = Hora de inicio
log-end = Hora de fin
log-optional = opcional
log-completed = Ya completada
log-completed-at = Completada el
log-completed-at-hint = p. ej. Nov 21, 2026 2:30 pm; vacío: al terminar
log-status = Estado
log-result = Resultado
log-campaign = Campaña
log-assigned = Asignado a
log-description = Descripción
log-notes = Notas
log-reinquiry = Nueva consulta
log-times-in = Las horas están en { $zone }
date-hint = p. ej. 1 dic
date-pick = Elegir una fecha para { $label }
date-means = significa { $day }
date-not-a-day = no es un día
date-previous-month = Mes anterior
date-next-month = Mes siguiente
date-busy = { $time } · ocupado
time-choose = Elegir la { $label } de una lista
time-from-list = { $label }, de una lista
unreadable = ⚠ { $count ->
    [one] { GROUPED($count) } registro no se pudo leer
   *[other] { GROUPED($count) } registros no se pudieron leer
  }
unreadable-hint = El servicio envió registros que LeaseDesk no pudo leer; se omiten aquí. El registro de la aplicación nombra cada uno y el motivo
lost-no-status-update = El servicio no puede cambiar el estado de una persona: LeaseDesk registra la pérdida como una actividad completada en el caso. La persona sigue siendo prospecto en el servicio; LeaseDesk la deja fuera de Mi día y de los conteos, y una consulta nueva la reabre.
lost-the-reasons = los motivos de pérdida
lost-reason = Motivo
lost-went-to = Se fue a
lost-not-known = No se sabe
lost-which-community = Qué comunidad
lost-which-hint = su nombre, si lo dijeron
lost-the-lead = el cliente perdido
lost-nothing-lost = No se perdió nada: elija otra vez y guarde.
lost-closed = ✔ { $name } cerrado como perdido: registrado en el caso
lost-close = Cerrar como perdido
lost-choose-reason = Elija un motivo
lost-title = Cerrar a { $name } como perdido
tour-scheduled = ✔ Visita programada: está en el calendario
tour-saved-offline = ✔ Visita guardada sin conexión: se envía sola cuando se pueda llegar al servicio (vea la Bandeja de salida)
tour-the-tour = la visita
tour-schedule = Programar la visita
tour-day = Día
tour-time = Hora
tour-length = Duración
tour-given-by = La da
tour-note = Nota
tour-their-day-of = El día de { $name } · { $day }
tour-their-day = Su día · { $day }
tour-team-activities = las actividades del equipo ({ GROUPED($count) } hasta ahora)
tour-overlaps = ⚠ La visita coincide con { $count ->
    [one] una de sus actividades
   *[other] { GROUPED($count) } de sus actividades
  }; aun así puede programarla:
tour-nothing-else = Nada más ese día.
tour-no-type = Este portal no tiene un tipo de actividad Tour
tour-title = Programar una visita · { $name }
date-all-day = { $day } (todo el día)
outcome-following-up = Seguimiento de { $what } para el { $due }
outcome-save-both = Guardar el resultado y el próximo paso
outcome-save = Guardar el resultado
outcome-all-day = todo el día
outcome-the-assignee = la persona asignada
outcome-clashes = ⚠ El próximo paso queda a menos de media hora de { $count ->
    [one] una actividad
   *[other] { GROUPED($count) } actividades
  } de { $who } (aun así puede guardarlo): { GROUPED($items) }
outcome-what-happened = Qué pasó
outcome-type = Tipo de resultado
outcome-completed-on = Completado el
outcome-at = A las
outcome-what-said = Qué se dijo
outcome-schedule-next = Programar un próximo paso
outcome-next-step = Próximo paso
outcome-on = El
outcome-persons-own = La de la persona
outcome-next-notes = Notas para el próximo paso
outcome-the-outcome = el resultado
outcome-next-offline = ✔ El resultado está guardado; el próximo paso se guardó sin conexión: se envía solo cuando se pueda llegar al servicio (vea la Bandeja de salida)
outcome-next-not-yet = ✔ El resultado está guardado; el próximo paso todavía no.
outcome-nothing-lost = No se perdió nada de lo escrito: corríjalo y guarde otra vez.
outcome-not-remembered = El seguimiento está guardado en el servicio, pero esta computadora no pudo recordarlo: la tarea puede seguir apareciendo como vencida
outcome-day-at = { $day } a las { $time }
outcome-saved-both = Resultado guardado, y el próximo paso programado para el { $when }
outcome-saved = Resultado guardado
outcome-next-saved = Próximo paso programado para el { $when }
outcome-saved-plain = Guardado
outcome-title = Registrar el resultado · { $name }
intake-refused-later = ⚠ Guardado sin conexión y luego rechazado por el servicio: { $message }
intake-the-new = la persona nueva
intake-nothing-lost = No se perdió nada: corrija el formulario y cree otra vez.
intake-saved-offline = ✔ Guardado sin conexión: se crea (y se registra su consulta) cuando se pueda llegar al servicio (vea la Bandeja de salida)
intake-matched = Coincidió con una persona existente (id { $id }, caso { $number }) y se actualizó
intake-created = Creada, en el caso { $number }
intake-open-case = Abrir el caso
intake-creating = Creando…
intake-create = Crear
intake-logging-inquiry = Registrando la consulta…
intake-inquiry-logged = ✔ Consulta registrada en las actividades del caso
intake-inquiry-failed = ⚠ No se registró la consulta: { $error }
intake-inquiry-again = Registrar la consulta otra vez
intake-type = Tipo
intake-home-phone = Teléfono de casa
intake-mobile-phone = Celular
intake-relationship = Parentesco
intake-relationship-hint = Hijo, Hija, Cónyuge…
intake-street = Calle
intake-street-2 = Calle, línea 2
intake-city = Ciudad
intake-postal-code = Código postal
intake-log-inquiry = Registrar una consulta inicial
intake-came-by = Llegó por
intake-inquiry = Consulta
intake-inquiry-hint = Qué preguntaron
intake-do-not-merge = No combinar con una coincidencia existente
intake-title-contact = Contacto nuevo para el caso { $number }
intake-title = Persona nueva
word-saved-offline = ✔ Guardado sin conexión: este escritorio ya lo respeta; el servicio lo tendrá cuando la bandeja de salida lo envíe
word-logged = ✔ Registrado en el caso: cada escritorio lo respeta tras su próxima sincronización
word-record = Registrar lo que dijeron…
word-record-hint = Alguien del caso pidió que no lo llamen, ni le envíen mensajes, correos o cartas (o dijo que sí se puede): se registra en el caso para que ningún escritorio vaya en contra
word-who = Quién
word-asked-to-stop = pidió que paremos
word-agreed = aceptó
word-how = Cómo lo dijeron
word-how-hint = en una llamada, respondió STOP, por correo…
word-log = Registrar lo que dijeron
word-logs = Registra “{ $description }” en el caso.
word-not-logged = ⚠ No se registró: { $problems }.
word-not-logged-kept = ⚠ No se registró: { $error }. Lo elegido se conserva; inténtelo otra vez.
word-the-types = los tipos de actividad del portal
word-no-type = el portal no tiene un tipo de actividad para registrarlo
known-looking = Buscando a esta persona en todos los casos…
known-not-known = Desconocida: ningún caso de ninguna comunidad tiene este nombre, teléfono o correo.
known-room = Las personas que ya constan con este nombre, teléfono o correo aparecen aquí mientras escribe.
known-possibly = ⚠ Posiblemente ya conocida ({ GROUPED($count) }): ¿abrir su caso en su lugar?
known-match = { $name } ({ $why })
known-match-in = { $name }, en el caso de { $primary } ({ $why })
known-open-case = Abrir el caso { $number }
known-no-contact = Aún sin contacto registrado
known-since = conocida desde el { $day } en { $community }
known-since-via = conocida desde el { $day } por { $source } en { $community }
known-more = y { GROUPED($count) } más
known-fee-hint = La fuente está marcada como pagada en Configuración. Si se guarda, ambas fechas y fuentes van en la nota de la consulta como evidencia.
details-close = Cerrar los detalles
details-name = Nombre
details-when = Cuándo
details-sale-stage = Etapa de venta
details-individual = Persona
details-case = Caso
details-yes = Sí
details-no = No
details-completed = Completada
details-followed-up = ↪ Con seguimiento aquí ({ $what })
calendar-waiting = Esperando para enviarse ({ GROUPED($count) })
calendar-refused = rechazado, vea la Bandeja de salida
calendar-sending = enviado, aún sin confirmar
calendar-pending = pendiente
calendar-more-in-outbox = y { GROUPED($count) } más en la Bandeja de salida
calendar-activities-so-far = las actividades ({ GROUPED($count) } hasta ahora)
calendar-followed-hover = { $due } · con seguimiento aquí (el servicio la mantiene abierta: no tiene actualización)
calendar-first-contact = primer contacto con { $name }
agenda-state = Estado
state-overdue = Vencida
state-open = Abierta
state-done = Hecha
state-cancelled = Cancelada
state-no-show = No se presentó
state-rescheduled = Reprogramada
cal-jump-to = Ir a
cal-whose-disabled = Esta lista tiene solo su propio trabajo: elija "Las actividades de todos" para elegir de quién.
cal-shown = { GROUPED($count) } mostradas
cal-shown-hint = Las actividades de los días mostrados, con los filtros aplicados
cal-more-not-listed = { GROUPED($count) } más sin listar
cal-more-not-listed-hint = Los días de todos listan las primeras { $per_day } de cada día; elija una comunidad, un tipo o una persona para ver el resto
cal-plus-more = +{ GROUPED($count) } más
cal-fold-hint = { GROUPED($count) } más a esta hora: abrir el { $day } como lista
colour-red = Rojo
colour-amber = Ámbar
colour-green = Verde
myday-followed-outcome = ↪ Resultado
myday-followed-item = { $what }: { $kind } { $when }, asignada a { $who }
myday-waiting = { $waited } de espera
myday-waiting-hint = Tiempo hábil desde la consulta ({ $hours }); el plazo es { $minutes } min.
myday-booked = { $community } · hay una visita agendada, nadie ha llamado
myday-first-contact-hint = La llamada, el correo o la visita con que se contactó a { $name }
myday-leads-and-activities = los clientes y sus actividades
myday-leads-so-far = los clientes y las actividades del equipo ({ GROUPED($count) } hasta ahora)
myday-created-ahead = creado el { $day }, una fecha futura
myday-since = desde el { $day }
myday-log-outcome-hint = Qué pasó con { $name }, y el próximo paso
myday-unsent = ⟳ aún sin enviar
myday-unsent-hint = Registrado en esta computadora y en espera en la Bandeja de salida: cuenta aquí y se envía solo cuando el servicio responda
plan-moved-to = pasa a { $when } (su hora)
plan-overdue-since = vencido desde el { $day }
plan-due-today = para hoy
plan-name = Plan: { $plan }
plan-draft-hint = Lo redacta desde la plantilla; se registra cuando salió (plan { $plan })
holds-wait-until = ⛔ Las llamadas y los mensajes esperan hasta { $when } (su hora): { $reason }
holds-wait = ⛔ Las llamadas y los mensajes esperan: { $reason }
holds-wait-hint = Según el reloj de sus comunidades y el horario federal; la ventana del mensaje también respeta el estado y el reloj propios de la familia antes de entregar nada.
missed-tip = Llamadas de las familias de sus clientes que nadie contestó, de la exportación del sistema telefónico (Importar llamadas…), hasta que se registre una llamada saliente del caso. Ámbar a la mitad del plazo de respuesta, rojo al cumplirse (Configuración).
missed-team-tip = Llamadas de las familias de los clientes de cada agente que nadie contestó (se muestran "Las actividades de todos"), de la exportación del sistema telefónico, hasta que se registre una llamada saliente del caso.
missed-import-hint = Registrar las llamadas del sistema telefónico desde su exportación (CSV)
missed-called-hint = Llamó el { $when }; tiempo hábil desde la llamada.
missed-call-back-hint = Devolver la llamada a { $name }, con su número
missed-log-call-back-hint = La llamada con que se respondió a { $name }
missed-they = Alguien
missed-called = { $who } llamó el { $when } (hora de la comunidad)
missed-called-agent = { $who } llamó el { $when } (hora de la comunidad) · cliente de { $agent }
stake-by-colour-hint = Rojo primero, luego ámbar y verde; el contacto más reciente primero en cada uno
stake-tip = Qué tan probable es que el cliente ingrese en 90 días (el puntaje de ingreso), por el primer mes a la tarifa típica de la comunidad, menos la comisión de referencia que se debería a su fuente (Configuración). Los clientes sin puntaje van al final.
stake-no-scores = Sin puntajes: { $error }
stake-working = Calculando los puntajes de ingreso…
stake-not-scored = sin puntaje
stake-likely = { $likely } de probabilidad en 90 días. { $why }
band-hot = Caliente
band-warm = Tibio
band-cold = Frío
case-score-tip = Calculado en este escritorio con el propio pasado del portal: de los clientes como este (visitas, depósito, contactos en ambos sentidos, días desde la consulta y desde el último contacto, seguimientos perdidos, fuente, comunidad), cuántos ingresaron en 90 días. Caliente es el doble de la tasa del portal o más; frío, menos de la mitad. Configuración muestra qué tan bien predijo los últimos seis meses.
case-not-scored = Sin puntaje: aún no es un cliente activo en la copia sin conexión
case-portal-rate = (los clientes del portal: { $rate })
case-view-logged = ✔ Su opinión quedó registrada en el caso (una actividad Update); el puntaje no cambia
case-see-otherwise = Lo veo de otra forma…
case-see-otherwise-hint = Registrar en el caso por qué valora a este cliente de otra forma
case-why = Por qué
case-why-hint = p. ej. la hija nos eligió; esperan la venta de la casa
case-log-view = Registrar mi opinión
plan-title = Plan de seguimiento
plan-tip = Los pasos de un plan nunca se crean por adelantado en el servicio (no puede cambiar ni borrar una actividad): su inicio y su fin son cada uno una actividad en el caso, así que cada escritorio ve el plan; un paso se da por hecho con la llamada, el correo o la carta registrados para él, y se omite cuando la familia responde (un Email In, Call In, visita o ingreso).
plan-unknown = { $name }: un plan que este escritorio no conoce
plan-started = { $name }, iniciado el { $day }
plan-stop = Detener el plan
plan-stop-hint = Registra que se detuvo; los pasos restantes ya no vencen
plan-step-done = ✔ { $what } · hecho el { $day }
plan-step-skipped = – { $what } · omitido: { $answer } { $day }
plan-step-due = • { $what } · para hoy
plan-step-overdue = ⚠ { $what } · vencido desde el { $day }
plan-step-opted-out = – { $what } · omitido: pidieron que no los contacten
plan-step-moved = ⏸ { $what } · pasa a { $when } (su hora)
plan-plan = Plan
plan-start = Iniciar el plan
plan-day-step = día { $day }: { $channel }
plan-business-days = { GROUPED($steps) } (días hábiles)
plan-saved-offline = ✔ Guardado sin conexión: el plan aparece cuando llegue al servicio (vea la Bandeja de salida)
plan-not-saved = ⚠ No se guardó: { $error }
words-title = Preferencias de contacto
words-language = { $name }: se le escribe en { $language }
words-none = Ninguna registrada.
words-may-contact = se le puede contactar
words-no = sin { $channels }
words-logged-by = , registrado por { $name }
words-kept-as = Se guardan como actividades en el caso (el servicio no puede cambiar a una persona): cada escritorio las respeta tras su próxima sincronización.
waitlist-added = ✔ Agregado a la lista de espera (una actividad en el caso; Inventario, Lista de espera)
waitlist-add-open = Agregar a la lista de espera…
waitlist-add-hint = Lo que la persona espera, guardado como una actividad Deposit o Room Reserve
waitlist-add-title = Agregar a la lista de espera
waitlist-care-group = Grupo de cuidado
waitlist-floor-plan = Plano
waitlist-wanted-by = Lo quiere para
waitlist-any-time = cuando sea
waitlist-priority = Prioridad
waitlist-deposit = Depósito pagado
waitlist-add = Agregar
waitlist-add-disabled = Elija un grupo de cuidado y una prioridad
waitlist-not-added = ⚠ No se agregó: { $error }
waitlist-no-type = El portal no tiene ese tipo de actividad
search-no-filter = ningún filtro
search-the-filter = el filtro { $filters }
search-filters-and = { " " }y{ " " }
search-not-synced = aún sin sincronizar del todo
search-first-matches = Primeras { GROUPED($count) } coincidencias
search-n-of-shown = { GROUPED($shown) } de { GROUPED($count) } mostrados
search-from-copy-asking = { GROUPED($count) } de la copia sin conexión ({ $when }); preguntando al servicio…
search-from-copy = { GROUPED($count) } de la copia sin conexión ({ $when })
search-pending-people = { $count ->
    [one] y 1 persona guardada sin conexión, en espera de enviarse
   *[other] y { GROUPED($count) } personas guardadas sin conexión, en espera de enviarse
  }
search-held-people = { $count ->
    [one] y 1 persona guardada sin conexión, retenida en la Bandeja de salida hasta que usted decida
   *[other] y { GROUPED($count) } personas guardadas sin conexión, retenidas en la Bandeja de salida hasta que usted decida
  }
search-hidden-by = { GROUPED($count) } ocultos por { $filters }
search-the-cases = los casos
search-the-results = los resultados
search-offline-by-hand = Eligió Trabajar sin conexión, así que estos vienen de la copia sin conexión. Conéctese (barra de estado) para preguntar al servicio.
search-offline-unreachable = No se puede llegar al servicio, así que estos vienen de la copia sin conexión. LeaseDesk vuelve a preguntar solo.
search-copy-empty = La copia sin conexión aún está vacía ({ $progress }): los casos aparecen aquí cuando los tenga, o en cuanto el servicio responda.
search-copy-none = La copia sin conexión aún no tiene casos: se llena cuando se pueda llegar al servicio.
search-copy-filling = Ningún caso de la copia sin conexión coincide, pero aún se está llenando ({ $cases ->
    [one] 1 caso
   *[other] { GROUPED($cases) } casos
  } hasta ahora): puede que el caso aún no esté en ella.
search-no-match = Ningún caso coincide. Revise la ortografía o quite un filtro.
search-none-read-match = Ninguno de los { $cases ->
    [one] 1 caso leído
   *[other] { GROUPED($cases) } casos leídos
  } coincide con { $filters }.
dup-the-duplicates = los posibles duplicados
dup-summary = { GROUPED($groups) } grupos, { GROUPED($cases) } casos que pueden ser una misma persona: el mismo correo, teléfono o nombre (también apodos y nombre y apellido invertidos), familiares incluidos, en cualquier comunidad.
dup-summary-largest = { GROUPED($groups) } grupos, { GROUPED($cases) } casos que pueden ser una misma persona: el mismo correo, teléfono o nombre (también apodos y nombre y apellido invertidos), familiares incluidos, en cualquier comunidad. Se listan los grupos más grandes.
dup-case = caso { $number } · { $communities }
dup-case-through = caso { $number } · { $communities } · por medio de { $through }
waited-minutes = { $minutes } min
waited-hours = { $hours } h{ $minutes ->
    [0] {""}
   *[other] { " " }{ $minutes } min
  }
waited-days = { $days ->
    [one] 1 día hábil
   *[other] { $days } días hábiles
  }{ $hours ->
    [0] {""}
   *[other] { " " }{ $hours } h
  }
inventory-board = Tablero
inventory-table = Tabla
inventory-summary = Resumen de ocupación
inventory-waitlist = Lista de espera
inventory-new-unit = Unidad nueva…
inventory-import = Importar unidades desde CSV…
inventory-the-units-contracts = las unidades y los contratos
inventory-counts = { GROUPED($units) } unidades mostradas · { GROUPED($vacant) } vacías · { $free } camas libres
inventory-export-units = Exportar unidades a CSV…
inventory-export-summary = Exportar el resumen a CSV…
inventory-all-communities = Todas las comunidades
inventory-all-care-groups = Todos los grupos de cuidado
inventory-all-floor-plans = Todos los planos
inventory-occupancy = Ocupación
inventory-new-units = { $count ->
    [one] 1 unidad nueva
   *[other] { GROUPED($count) } unidades nuevas
  }
inventory-move-ins = { $count ->
    [one] 1 ingreso
   *[other] { GROUPED($count) } ingresos
  }
inventory-waiting = { $what } guardado sin conexión, en espera de enviarse (vea la Bandeja de salida): se muestra aquí cuando el servicio lo tenga
vacancy-any = Cualquier ocupación
vacancy-vacant = Vacía
vacancy-with-room = Con una cama libre
vacancy-full = Llena
unit-partial = Parcial
tile-vacant = Vacía · { $beds ->
    [one] 1 cama
   *[other] { GROUPED($beds) } camas
  }
tile-free = { $count ->
    [one] 1 libre
   *[other] { GROUPED($count) } libres
  }
tile-moving-in = { $count ->
    [one] 1 ingresa
   *[other] { GROUPED($count) } ingresan
  }
unit-number = Unidad { $number }
units-col-unit = Unidad
units-col-sq-ft = Pies²
units-col-capacity = Capacidad
units-col-rate = Tarifa
units-col-residents = Residentes (desde)
units-table = Unidades
units-capacity-free = { $capacity } ({ $free } libres)
unit-close = ✖ Cerrar
unit-square-feet = Pies cuadrados
unit-monthly-rate = Tarifa mensual
unit-typical-deposit = Depósito habitual
unit-beds-free = { $state } · { $free } de { GROUPED($beds) } camas libres
unit-moves-in = { $name } ingresa el { $day }
unit-contract-history = Historial de contratos
unit-no-contracts = Esta unidad aún no tiene contratos.
unit-period = del { $from } al { $to }
unit-period-from = desde el { $from }
unit-contract = Contrato { $id } · { $name } · { $period } · { $fee }
unit-no-transactions = Esta unidad no tiene transacciones.
unit-since = { $name } desde el { $day }
occupancy-beds = Camas
occupancy-occupied = Ocupadas
occupancy-pct-units = % unidades
occupancy-pct-beds = % camas
occupancy-revenue = Ingreso mensual
occupancy-in = Entran 30/90 d
occupancy-out = Salen 30/90 d
occupancy-in-tip = Ingresos con fecha en los últimos 30 y 90 días, hoy incluido, sin importar cuándo consultó la familia (Ventas, "Junto al sector", cuenta igual). Los ingresos futuros están en Ventas, Previsión de ocupación.
occupancy-out-tip = Salidas ocurridas en los últimos 30 y 90 días. Las salidas futuras están en Ventas, Previsión de ocupación.
occupancy-total = { GROUPED($units) } unidades, { GROUPED($beds) } camas: { $unit_pct }% de las unidades y { $bed_pct }% de las camas ocupadas; { $revenue } al mes de contratos activos
occupancy-by-community = Ocupación por comunidad
occupancy-moves = Ingresos y salidas, últimos 12 meses
occupancy-pct-of-units = % de unidades
occupancy-pct-of-beds = % de camas
occupancy-chart-community-item = { $community } { $unit_pct }% de las unidades, { $bed_pct }% de las camas
occupancy-chart-community = Gráfico de barras, ocupación por comunidad: { GROUPED($items) }.
occupancy-move-ins = Ingresos
occupancy-move-outs = Salidas
occupancy-chart-moves-item = { $month }: { GROUPED($ins) } ingresos, { GROUPED($outs) } salidas
occupancy-chart-moves = Gráfico de barras, ingresos y salidas por mes: { GROUPED($items) }.
waitlist-the-list = la lista de espera
waitlist-summary = { $people ->
    [one] 1 persona
   *[other] { GROUPED($people) } personas
  } en la lista de espera; { $units ->
    [one] 1 unidad
   *[other] { GROUPED($units) } unidades
  } con una cama libre en los próximos { $days } días, { $suiting } de ellas adecuadas para alguien de la lista (abajo).
waitlist-summary-at = { $people ->
    [one] 1 persona
   *[other] { GROUPED($people) } personas
  } en la lista de espera de { $community }; { $units ->
    [one] 1 unidad
   *[other] { GROUPED($units) } unidades
  } con una cama libre en los próximos { $days } días, { $suiting } de ellas adecuadas para alguien de la lista (abajo).
waitlist-tip = Cada entrada es una actividad Deposit (depósito pagado) o Room Reserve en el caso de la persona, escrita por "Agregar a la lista de espera…" en el caso: el servicio no guarda una lista de espera que devuelva. Una entrada más nueva de la misma persona reemplaza a la anterior; quien ingresó o se perdió ya no espera.
waitlist-coming-free = Por liberarse, y para quién
waitlist-none-suits = Ninguna unidad por liberarse le sirve a nadie de la lista.
waitlist-everyone = Todos los de la lista
waitlist-units = Unidades { $numbers }
waitlist-units-more = Unidades { $numbers } y { $more } más
waitlist-free-now = libre ahora
waitlist-free-from = libre desde el { $day }
waitlist-offer = Ofrecer…
waitlist-offer-hint = Registra una llamada ofreciendo la unidad { $unit } a { $name } y abre el ingreso con ambos
waitlist-offer-failed = ⚠ No se registró la oferta: { $error }
waitlist-offer-logged = ✔ La oferta quedó registrada en el caso como una Call Out
waitlist-deposit-paid = depósito pagado
waitlist-joined = se sumó el { $day }
waitlist-wanted = la quiere para el { $day }
waitlist-empty = Nadie está en la lista de espera aquí.
waitlist-col-wants = Quiere
waitlist-col-joined = Se sumó
waitlist-any = cualquiera
unit-new = Unidad nueva
unit-field-number = Número
unit-field-capacity = Capacidad (camas)
unit-create = Crear la unidad
unit-the-new = la unidad nueva
unit-created = ✔ { $message } (id de unidad { $ids })
unit-saved-offline = ✔ Guardada sin conexión: la unidad se crea cuando se pueda llegar al servicio (vea la Bandeja de salida)
unit-exists = La unidad { $number } ya existe en esta comunidad
import-title = Importar unidades
import-about = Un archivo CSV con una fila de encabezado con los nombres de los campos: { $fields }. CommunityUnique, CareGroupId y Number son obligatorios.
import-file = Archivo CSV
import-open = Abrir
import-choose = Elegir un archivo…
import-summary = { $rows ->
    [one] 1 fila
   *[other] { GROUPED($rows) } filas
  }: { GROUPED($ready) } listas, { GROUPED($created) } creadas, { GROUPED($existing) } ya existen, { GROUPED($failed) } con problemas
import-offline = , { GROUPED($count) } guardadas sin conexión (vea la Bandeja de salida)
import-progress = Importando… { GROUPED($done) } de { GROUPED($total) }
import-start = { $count ->
    [one] Importar 1 unidad
   *[other] Importar { GROUPED($count) } unidades
  }
import-save-failed = Guardar las filas con problemas…
import-the-import = la importación
import-col-line = Línea
sales-export-report = Exportar el informe semanal (PDF)…
sales-export-report-hint = La ocupación, la previsión, el embudo y la cola de admisiones al día de hoy, en papel
sales-building-report = Preparando el informe…
sales-the-report = el informe
sales-the-weekly-report = el informe semanal
sales-reading = Leyendo actividades, contratos, unidades y casos: { GROUPED($count) } actividades hasta ahora…
sales-the-figures = las cifras de ventas
movein-unknown = No se pudo comprobar si el ingreso se guardó: { $error }
movein-refused = ⚠ El servicio rechazó el ingreso: { $message }. Corríjalo aquí y envíelo otra vez.
movein-back = Atrás
movein-next = Siguiente
movein-start-over = Empezar de nuevo
movein-step-who = Quién
movein-step-where = Dónde
movein-step-when = Cuándo y cuánto
movein-step-options = Opciones
movein-step-review = Revisión
dimension-agent = Agente
period-last-30 = Últimos 30 días
period-last-90 = Últimos 90 días
period-this-month = Este mes
period-last-month = El mes pasado
period-this-quarter = Este trimestre
period-last-quarter = El trimestre pasado
period-custom = Personalizado
funnel-first-day = El primer día: { $why }.
funnel-last-day = El último día: { $why }.
funnel-last-before-first = El último día es anterior al primero.
funnel-entered = { GROUPED($cases) } casos entraron al embudo del { $from } al { $to } (su primera consulta, visita, depósito o ingreso). Cada etapa cuenta solo esos casos; los ingresos de Inventario cuentan cada ingreso de sus 90 días, sin importar cuándo empezó el caso.
funnel-reached = Llegaron a { $stage }
funnel-broken-down = Desglosado por
funnel-period = Período
funnel-from = Desde
funnel-to = Hasta
funnel-bar = { $stage }: { $cases ->
    [one] 1 caso
   *[other] { GROUPED($cases) } casos
  }
funnel-bar-hint = Listar los casos que llegaron a esta etapa
funnel-of-before = { $share } de la etapa anterior
funnel-of-before-median = { $share } de la etapa anterior, mediana de { $days } días
funnel-by = Por { $dimension }
funnel-col-inquiries = Consultas
funnel-col-tours = Visitas
funnel-col-deposits = Depósitos
funnel-col-move-ins = Ingresos
funnel-col-toured = Visitaron
funnel-col-deposit = Depósito
funnel-col-moved-in = Ingresaron
funnel-col-median = Mediana del primer contacto
funnel-col-1h = En 1 h
funnel-col-24h = En 24 h
funnel-speed-tip = Rapidez con los clientes de la fila: la mediana del tiempo hábil desde la consulta hasta la primera llamada, correo o visita, y las proporciones contactadas en 1 y 24 horas hábiles (horario de oficina en Configuración). Las tres cuentan las mismas consultas: una aún no contactada sigue esperando, así que "La mitad sin contactar" cuando la del medio no ha tenido contacto
funnel-list = Listar { $key } · { $stage }
funnel-key-reached = { $key } · llegaron a { $stage }
funnel-none = Ningún caso entró al embudo en este período.
funnel-selection = { $title }: { $cases ->
    [one] 1 caso
   *[other] { GROUPED($cases) } casos
  }
calls-the-calls = las llamadas
calls-span = { " " }(del { $from } al { $to })
calls-summary = Las últimas { $weeks } semanas{ $span }: { $calls_in ->
    [one] 1 llamada entrante
   *[other] { GROUPED($calls_in) } llamadas entrantes
  }, { GROUPED($missed) } de ellas perdidas ({ GROUPED($outside) } fuera del horario de oficina), { $calls_out ->
    [one] 1 llamada saliente
   *[other] { GROUPED($calls_out) } llamadas salientes
  }.
calls-in = Llamadas entrantes
calls-missed = Llamadas perdidas
calls-out = Llamadas salientes
calls-in-lower = llamadas entrantes
calls-missed-lower = llamadas perdidas
calls-out-lower = llamadas salientes
calls-office-closed = { " " }(oficina cerrada)
sources-col-source = Fuente
sources-col-conversion = Conversión
sources-col-median-days = Mediana de días{"\u000A"}al ingreso
sources-col-fee = Comisión
sources-col-fees-owed = Comisiones debidas
sources-col-cost = Costo por{"\u000A"}ingreso
sources-not-paid = no pagada
sources-about = { GROUPED($cases) } casos entraron al embudo del { $from } al { $to } (el período de la pestaña Embudo). Las comisiones son las condiciones de las fuentes pagadas en Configuración: una parte del alquiler del primer mes (la tarifa mensual del contrato de ingreso) o un monto fijo por ingreso.
bench-about = Las cifras del portal junto a las publicadas del sector (o sus propias metas, fijadas en Configuración). Las cifras del embudo cuentan los casos que consultaron en los últimos 12 meses. ✔ verde: la cumple; ≈ ámbar: a menos de una décima; ✖ rojo: más lejos.
bench-reading = Leyendo cuándo se contactó por primera vez a cada cliente…
bench-col-measure = Medida
bench-col-benchmark = Referencia
bench-table = Referencias
bench-meanings = Qué significa cada cifra, y de dónde viene la referencia
bench-meets = cumple la referencia
bench-near = a menos de una décima de la referencia
bench-short = más lejos de la referencia
lost-last-months = Últimos { $months } meses
lost-reasons = Motivos
lost-where-went = Adónde se fueron
lost-by-community = Por comunidad
lost-by-agent = Por agente
lost-by-source = Por fuente
lost-the-leads = los clientes perdidos
lost-summary = { GROUPED($count) } clientes cerrados como perdidos desde el { $day }. Registrados como actividades "Lost lead: …" (el servicio no puede cambiar el estado de una persona); un cliente que vuelve a consultar queda abierto otra vez.
lost-each-reason = Cada motivo
lost-total = Total
board-last-days = Últimos { $days } días
board-the-board = el tablero del equipo
board-about = Quiénes cuentan: los clientes activos de hoy (Prospects y Pre-leads, no perdidos, inactivos ni ingresados), aparte los ámbar. Compromiso: verde ÷ (verde + rojo). Las barras son las últimas { $weeks } semanas, cada una como estaba al terminar: los mismos clientes (los creados hasta entonces), la misma regla y solo lo registrado hasta entonces; un cliente que ingresó o se perdió desde entonces no está en ninguna. Primer contacto en tiempo hábil (Configuración), para las consultas del período.
board-leads-of = Clientes de { $name } ({ GROUPED($count) }), rojos primero
board-col-active = Activos
board-col-engagement = Compromiso
board-col-trend = Tendencia
board-col-median = Mediana del{"\u000A"}primer contacto
board-col-1h = En{"\u000A"}1 h
board-col-24h = En{"\u000A"}24 h
board-col-tours-overdue = Visitas ·{"\u000A"}Vencidas
board-none = (ninguno)
board-show-leads = Mostrar sus clientes
board-toured-hint = De las consultas del período, las que tienen una visita hecha o agendada
board-oldest-first = La más antigua primero: { $values }
forecast-total = Camas ocupadas: { GROUPED($today) } hoy, { GROUPED($in30) } en 30 días, { GROUPED($in60) } en 60 días, { GROUPED($in90) } en 90 días (de { GROUPED($beds) } camas).
forecast-from-contracts = Según los contratos de vivienda: un ingreso firmado cuenta desde su día, una salida conocida hasta su día.
forecast-on-notice = Con aviso de salida: { $count ->
    [one] 1 salida conocida
   *[other] { GROUPED($count) } salidas conocidas
  }
forecast-pending = Ingresos pendientes: { $count ->
    [one] 1 contrato firmado
   *[other] { GROUPED($count) } contratos firmados
  }
forecast-x-axis = Días desde hoy
forecast-y-axis = Camas ocupadas
forecast-beds = { GROUPED($beds) } camas
forecast-chart-item = { $community } { GROUPED($today) } hoy, { GROUPED($in30) } en 30 días, { GROUPED($in60) } en 60 días, { GROUPED($in90) } en 90 días
forecast-chart = Gráfico de líneas, camas ocupadas en los próximos { $days } días: { GROUPED($items) }.
forecast-col-today = Hoy
forecast-col-in = En { $days } días
forecast-table = Camas ocupadas por comunidad
forecast-none = Ninguno en los próximos 90 días.
forecast-vacant = Vacías: { $units ->
    [one] 1 unidad
   *[other] { GROUPED($units) } unidades
  }, pérdida por vacancia hasta ahora { $loss }
forecast-loss-rule = La pérdida es el alquiler mensual base × días vacía ÷ 30, desde la última salida.
forecast-never = { $units ->
    [one] 1 unidad
   *[other] { GROUPED($units) } unidades
  } nunca ocupadas: no cuentan en la pérdida (no hay una salida desde la cual contar).
forecast-col-vacant-since = Vacía desde
forecast-col-days-vacant = Días vacía
forecast-col-loss = Pérdida
forecast-never-occupied = Nunca ocupada
forecast-not-counted = no se cuenta
forecast-vacant-table = Unidades vacías
forecast-on-notice-table = Con aviso de salida
forecast-pending-table = Ingresos pendientes

## The weekly report (PDF)
report-none-value = ninguno
report-chart-alt = Gráfico de líneas de las camas ocupadas día a día en los próximos { $days } días, de { GROUPED($beds) } camas: { $today } hoy, { $in30 } en 30 días, { $in60 } en 60 días, { $in90 } en 90 días; mínimo { $lowest }, máximo { $highest }.
report-today = Hoy
report-plus-days = +{ $days } días
report-stage-share = { $stage } { $n } ({ $share } de la etapa anterior)
report-funnel-alt = Gráfico de barras del embudo de ventas, una barra por etapa: { $stages }.
report-title = Informe semanal · { $portal }
report-title-community = Informe semanal · { $portal } · { $community }
report-as-of = Al { $as_of }. Movimientos: del { $from } al { $to }. Embudo: casos que entraron del { $funnel_from } al { $funnel_to }.
report-note-no-units = No hay unidades: la ocupación y la previsión están vacías.
report-note-no-contracts = No hay contratos de vivienda: nadie vive aquí, nadie entra ni sale.
report-note-no-activities = No hay actividades: el embudo no tiene consultas, visitas ni depósitos.
report-note-unreadable-community = { $count ->
    [one] 1 registro de comunidad enviado por el servicio no se pudo leer y queda fuera de este informe (el registro de la aplicación dice cuál).
   *[other] { GROUPED($count) } registros de comunidad enviados por el servicio no se pudieron leer y quedan fuera de este informe (el registro de la aplicación dice cuáles).
  }
report-note-unreadable-unit = { $count ->
    [one] 1 registro de unidad enviado por el servicio no se pudo leer y queda fuera de este informe (el registro de la aplicación dice cuál).
   *[other] { GROUPED($count) } registros de unidad enviados por el servicio no se pudieron leer y quedan fuera de este informe (el registro de la aplicación dice cuáles).
  }
report-note-unreadable-contract = { $count ->
    [one] 1 registro de contrato de vivienda enviado por el servicio no se pudo leer y queda fuera de este informe (el registro de la aplicación dice cuál).
   *[other] { GROUPED($count) } registros de contrato de vivienda enviados por el servicio no se pudieron leer y quedan fuera de este informe (el registro de la aplicación dice cuáles).
  }
report-note-unreadable-activity = { $count ->
    [one] 1 registro de actividad enviado por el servicio no se pudo leer y queda fuera de este informe (el registro de la aplicación dice cuál).
   *[other] { GROUPED($count) } registros de actividad enviados por el servicio no se pudieron leer y quedan fuera de este informe (el registro de la aplicación dice cuáles).
  }
report-occupancy = Ocupación hoy
report-col-community = Comunidad
report-col-care-group = Grupo de cuidado
report-col-units = Unidades
report-col-occupied = Ocupadas
report-col-beds = Camas
report-col-in-use = En uso
report-col-units-share = % unidades
report-col-beds-share = % camas
report-occupancy-note = Ocupadas: unidades con al menos un residente. % unidades: unidades ocupadas ÷ unidades. % camas: camas en uso ÷ camas (una habitación compartida con una cama libre es una unidad ocupada y una cama libre).
report-forecast = Previsión de ocupación: camas ocupadas, próximos 90 días
report-on-notice = Con aviso de salida (salidas conocidas, próximos 90 días)
report-pending = Ingresos pendientes (próximos 90 días)
report-funnel = Embudo de ventas
report-funnel-by-community = Embudo por comunidad
report-funnel-by-agent = Embudo por agente
report-col-agent = Agente
report-board-by-agent = Tablero del equipo esta semana, por agente
report-board-by-community = Tablero del equipo esta semana, por comunidad
report-move-ins-week = Ingresos de esta semana
report-move-outs-week = Salidas de esta semana
report-vacancy = Pérdida por vacancia (alquiler mensual base × días vacía ÷ 30, desde la última salida)
report-never-occupied-cell = Nunca ocupada
report-not-counted = no se cuenta
report-col-unit = Unidad
report-col-vacant-since = Vacía desde
report-col-days = Días
report-col-loss = Pérdida
report-admissions = Cola de admisiones (próximos 30 días)
report-checklist-met = { GROUPED($met) } de { GROUPED($total) } cumplidos
report-not-read = sin leer
report-at-risk = En riesgo
report-col-move-in = Ingreso
report-col-name = Nombre
report-col-checklist = Lista
report-col-date = Fecha
report-col-case = Caso
report-no-one = (nadie)
report-board-note = Clientes activos de hoy (Prospects y Pre-leads), aparte los ámbar; compromiso = verde / (verde + rojo). Hace 8 semanas: los mismos clientes (los creados hasta entonces) con la misma regla, con lo registrado hasta entonces.
report-col-active = Activos
report-col-colours = Verde/ ámbar/ rojo
report-col-engaged = Compromiso
report-col-trend = Hace 8 sem/ hoy
report-col-median-first = Mediana 1.º
report-col-in-hour = En 1 h
report-col-in-day = En 24 h
report-col-overdue = Vencidos
report-sources = Fuentes de referencia (el período del embudo)
report-col-days-to-move-in = Días hasta el ingreso
report-col-per-move-in = Por ingreso
report-brief = La semana en resumen
report-brief-occupancy = Ocupación ahora: { GROUPED($units_occupied) } de { GROUPED($units) } unidades ocupadas ({ $unit_share } de las unidades) y { GROUPED($beds_used) } de { GROUPED($beds) } camas en uso ({ $bed_share } de las camas); hace una semana { $then } camas ({ $then_share }), { $change }.
report-change-none = sin cambio
report-change-more = { $n } más
report-change-fewer = { $n } menos
report-brief-forecast = Previsión, camas ocupadas: { $today } hoy, { $in30 } en 30 días, { $in60 } en 60, { $in90 } en 90.
report-brief-moves = Esta semana: { GROUPED($ins) } ingresaron, { GROUPED($outs) } salieron; { $notice } salidas conocidas y { GROUPED($pending) } ingresos firmados por venir.
report-brief-funnel = Embudo: { $inquiries ->
    [one] 1 consulta
   *[other] { GROUPED($inquiries) } consultas
  }, { $tours ->
    [one] 1 visita
   *[other] { GROUPED($tours) } visitas
  }, { $deposits ->
    [one] 1 depósito
   *[other] { GROUPED($deposits) } depósitos
  }, { $move_ins ->
    [one] 1 ingreso
   *[other] { GROUPED($move_ins) } ingresos
  }.
report-brief-loss = Pérdida por vacancia hasta ahora: { $loss } en { GROUPED($vacant) } unidades vacías.
report-brief-loss-never = Pérdida por vacancia hasta ahora: { $loss } en { GROUPED($vacant) } unidades vacías ({ GROUPED($never) } nunca ocupadas, no se cuentan).
report-footer = LeaseDesk · { $portal } · generado el { $when } ({ $zone })
report-document-title = Informe semanal, { $portal }
report-page = Página { $page } de { GROUPED($pages) }
report-table-none = Sin registros.
row-not-known = No se sabe
row-no-campaign = Sin campaña
report-benchmarks = Junto al sector (el embudo: casos que consultaron en los últimos 12 meses)
report-col-measure = Medida
report-col-benchmark = Referencia
report-lost = Clientes perdidos (últimos tres meses), por motivo
report-col-reason = Motivo
report-col-total = Total
report-lost-total = { $count ->
    [one] 1 cliente cerrado como perdido
   *[other] { GROUPED($count) } clientes cerrados como perdidos
  } en estos meses: { $reasons }.
report-never-occupied = Nunca ocupadas, no se cuentan ({ GROUPED($count) }): { GROUPED($units) }.

## The benchmarks' words (assets/benchmarks.json, as published)
benchmark-occupancy = Ocupación (unidades)
benchmark-occupancy-means = Unidades ocupadas ÷ unidades, hoy.
benchmark-inquiry-to-tour = De consulta a visita
benchmark-inquiry-to-tour-means = De los casos que consultaron en los últimos 12 meses, la proporción que hizo una visita (Bild & Co cuenta clientes nuevos; de todos los clientes visitó el 16.5%).
benchmark-tour-to-move-in = De visita a ingreso
benchmark-tour-to-move-in-means = De los casos que hicieron una visita, la proporción que ingresó (la tasa de cierre: ingresos ÷ visitas).
benchmark-inquiry-to-move-in = De consulta a ingreso
benchmark-inquiry-to-move-in-means = De los casos que consultaron en los últimos 12 meses, la proporción que ingresó.
benchmark-days-to-move-in = Días de la consulta al ingreso
benchmark-days-to-move-in-means = Mediana de días de la consulta al ingreso, de los casos de los últimos 12 meses que ingresaron (la referencia es un promedio; comunidades de plan de vida: 106).
benchmark-first-contact = Primer contacto en 2 horas hábiles
benchmark-first-contact-means = De los casos de los últimos 12 meses con una consulta conocida, la proporción contactada por primera vez (una llamada, un correo o una visita completados) en 2 horas de oficina. A Place for Mom pide a sus socios llamar de inmediato a cada cliente; hacerlo en 2 horas trae de 11.5 a 15% más ingresos.
benchmark-moves-30 = Ingresos por salida, 30 días
benchmark-moves-30-means = Ingresos ÷ salidas de los últimos 30 días (NIC: vida asistida 3.0% frente a 2.8% del inventario en un mes).
benchmark-moves-90 = Ingresos por salida, 90 días
benchmark-moves-90-means = Ingresos ÷ salidas de los últimos 90 días.
benchmark-your-target = Su meta (Configuración)
benchmark-days = { $days } días
benchmark-none-occupancy = no hay unidades en el inventario
benchmark-none-inquired = ningún caso consultó en los últimos 12 meses
benchmark-none-toured = ninguno de los casos de los últimos 12 meses hizo una visita
benchmark-none-moved-in = ninguno de los casos de los últimos 12 meses ingresó
benchmark-none-first-contact = ninguna consulta de los últimos 12 meses con hora conocida (o aún se está leyendo)
benchmark-none-move-out-30 = ninguna salida en los últimos 30 días entre la cual dividir
benchmark-none-move-out-90 = ninguna salida en los últimos 90 días entre la cual dividir
benchmark-none = nada que contar
report-all-communities = Todas las comunidades
report-all-care-groups = Todos los grupos de cuidado
bench-dash-means = —: aún nada que contar (ningún caso, unidad o salida de ese tipo en el período). Señale un guion para ver cuál.
bench-meaning = { $measure }: { $means } Referencia: { $from }.
waited-half-not-reached = La mitad sin contactar

## A referral partner's pack (PDF)
pack-title = { $ends_in_s ->
    [yes] Paquete de { $partner }
   *[no] Paquete de { $partner }
  }
pack-heading = { $pack }: disponibilidad y sus familias
pack-every-community = todas las comunidades
pack-from = De { $portal }, { $community }, al { $as_of }.
pack-free = Libre ahora y en los próximos { $days } días
pack-coming = { GROUPED($count) } desde { $from }
pack-col-care = Cuidado, plano
pack-col-private = Privadas libres
pack-col-shared = Compartidas con cama libre
pack-col-coming = Se liberan
pack-col-rate = Tarifa mensual
pack-free-means = Una unidad privada está libre cuando nadie vive en ella; una habitación compartida tiene un residente y una cama libre para una persona más. Se liberan: la fecha de salida registrada de un residente cae dentro de los días indicados. Las tarifas son las tarifas mensuales base de las unidades; el cuidado se cotiza tras la evaluación.
pack-families = Las familias que nos refirió
pack-col-family = Familia
pack-col-inquired = Consultó
pack-col-stand = Dónde están
pack-inquired = Consultó
pack-toured = Hizo una visita
pack-deposit-paid = Pagó el depósito
pack-moved-in = Ingresó
pack-more = Y { GROUPED($count) } más, las más recientes arriba; pídanos la lista completa.
pack-thanks = Familias cuya primera consulta llegó por usted en los últimos { $days } días, solo con el nombre y la inicial. Gracias por pensar en nosotros.
pack-footer = LeaseDesk · { $portal } · para { $partner } · { $as_of }

## Sales: partner packs
partners-the-units = las unidades
partners-the-people = las personas de los socios de referencia
partners-about = Un socio es una fuente pagada (Configuración) o una fuente de mercado que nombra una persona Referral Source; sus familias son los casos cuya fuente es ese socio. El servicio no guarda organizaciones de referencia propias, así que LeaseDesk sabe así quién refirió a quién.
partners-none = Aún no hay socios de referencia: marque una fuente pagada en Configuración (Reglas de clientes) o dé a una persona Referral Source la fuente de mercado del socio.
partners-partner = Socio
partners-partner-hint = El socio de referencia cuyo paquete se muestra
partners-save = Guardar el PDF del paquete…
partners-save-hint = La página que recibe el socio, como se ve abajo (en el idioma de la ventana)
partners-no-person = Ninguna persona Referral Source nombra a este socio: el paquete se puede guardar, pero no enviar ni registrar desde aquí.
partners-email = Enviar el paquete por correo…
partners-email-hint = Un mensaje a { $name } con la plantilla "Paquete para socios"; adjunte el PDF guardado. "Enviado" lo registra como Email Out en el caso de { $name }
partners-log-call = Registrar la llamada del paquete
partners-log-call-hint = Registra una Outreach Call Out completada en el caso de { $name }: el paquete se repasó por teléfono
partners-to = Para { $name }
partners-to-email = Para { $name } ({ $email })
partners-not-logged = ⚠ La llamada no se registró: { $error }
partners-logged = ✔ La llamada quedó registrada como Outreach Call Out en la persona del socio
partners-col-care = Cuidado
partners-col-floor-plan = Plano
partners-coming = { GROUPED($count) } (desde { $from })
partners-availability = Libre ahora y por liberarse
partners-families = Las familias que refirió { $partner }
partners-no-families = Ninguna en los últimos { $days } días.
partners-families-table = Las familias referidas
partners-more = Y { GROUPED($count) } más, además de las { GROUPED($shown) } más recientes que se muestran (el PDF lista las que caben en su página).

## The regional roll-up (PDF)
region-heading = Región al { $as_of }
region-short-of = { $short } de { $measured }
region-col-portal = Portal
region-col-now = Hoy
region-col-days = { $days } d
region-col-within = En 2 h
region-col-team = Equipo
region-col-short = Por debajo
region-not-read = Sin leer: { $portal }: { $why }.
region-means = Hoy, 30 d, 60 d, 90 d: camas ocupadas ÷ camas, según los contratos registrados. Consultas: casos que entraron al embudo en los últimos 90 días; ingresaron: los de ellos que ya ingresaron (no todos los ingresos de los 90 días: "Entran 30/90 d" de Inventario cuenta esos, sin importar la consulta). En 2 h: los clientes nuevos del año contactados por primera vez en 2 horas de oficina. Equipo: verde ÷ (verde + rojo) de los clientes activos. Por debajo: las referencias del sector (Ventas, Junto al sector) que la comunidad no alcanza por más de una décima, de las que se pueden medir (una referencia sin nada que contar aún, como ingresos por salida sin ninguna salida, queda fuera de ambos números; el CSV nombra cada una). Cada portal se lee por separado; nada se mezcla.
region-footer = LeaseDesk · región · { $as_of }
region-title = Región

## Import calls (a phone system's export)
calls-import-title = Importar llamadas
calls-fact-caller = Número de quien llama
calls-fact-called = Número llamado
calls-fact-start = Inicio (día y hora)
calls-fact-time = Hora, si va aparte
calls-fact-length = Duración
calls-fact-direction = Dirección (entrante/saliente)
calls-fact-answered = Contestada (sí/no)
calls-columns-unknown = Estas columnas no son un formato que LeaseDesk conozca. Indique qué columna tiene cada dato (se guarda para esta conexión, así la próxima exportación de este sistema telefónico se lee de inmediato):
calls-none = (ninguna)
calls-choose-column = Elija una columna
calls-read-columns = Leer con estas columnas
calls-import-about = La exportación de llamadas de un sistema telefónico (CSV): se conocen las columnas de las exportaciones de { $systems }. Cada llamada cuyo número pertenece a un caso se registra una sola vez, como Call In o Call Out con su duración y resultado; importar las mismas llamadas otra vez, aquí o en otro escritorio, no registra nada. El servicio no puede cambiar ni borrar una actividad, así que revise primero cuántas trae el archivo.
calls-and-list = { $rest } y { $last }
calls-export = Exportación de llamadas
calls-open = Abrir
calls-choose-file = Elegir archivo…
calls-read = { $count ->
    [one] 1 llamada leída
   *[other] { GROUPED($count) } llamadas leídas
  } (formato { $layout }).
calls-read-span = { $count ->
    [one] 1 llamada leída
   *[other] { GROUPED($count) } llamadas leídas
  } (formato { $layout }), del { $from } al { $to }.
calls-import = Importar
calls-matching = Asociando las llamadas a los casos y registrándolas…
calls-close = Cerrar
calls-import-summary = Se leyeron { $calls ->
    [one] 1 llamada
   *[other] { GROUPED($calls) } llamadas
  } (formato { $layout }) contra { $cases ->
    [one] 1 caso
   *[other] { GROUPED($cases) } casos
  }: { GROUPED($matched) } asociadas, { GROUPED($logged) } registradas ahora, { $already } registradas antes.
calls-unmatched = { $count ->
    [one] 1 número no coincide
   *[other] { GROUPED($count) } números no coinciden
  } con nadie
calls-unmatched-number = { $number }: { $calls ->
    [one] 1 llamada
   *[other] { GROUPED($calls) } llamadas
  }, { GROUPED($inbound) } entrantes (línea { $line })
calls-new-individual = Nueva persona…
calls-new-individual-hint = Un cliente nuevo con el teléfono { $number }
calls-several = { $number } está en más de un caso (líneas { GROUPED($lines) }): no se registró
calls-wait-mine = { GROUPED($count) } en sus clientes, en Llamadas perdidas de Mi día
calls-wait-colleagues = { GROUPED($count) } en clientes de colegas, en su Mi día
calls-wait-others = { GROUPED($count) } en casos que no son un cliente abierto (familias de residentes, cerrados o perdidos), en ningún Mi día
calls-waiting = { $count ->
    [one] 1 llamada perdida espera
   *[other] { GROUPED($count) } llamadas perdidas esperan
  } respuesta: { $places }.

## Files saved and opened
files-choosing-where = Eligiendo dónde guardar…
files-cancelled = Exportación cancelada
files-no-dialog = { $said } (aquí no se pudo mostrar un diálogo de archivos)
files-saved = Se guardó { $what } en { $path }
files-not-written = No se pudo escribir el archivo: { $error }. Elija otra carpeta e inténtelo de nuevo
files-not-read = No se pudo leer el archivo: { $error }
files-unreadable = No se pudo leer { $path }: { $error }. Revise la ruta e inténtelo de nuevo
files-too-large = { $path } pesa más de { $mb } MB: divídalo en archivos más pequeños e impórtelos uno por uno
files-not-utf8 = { $path } no es un archivo de texto en UTF-8: guárdelo desde su hoja de cálculo como "CSV UTF-8" e inténtelo de nuevo
files-choosing-file = Eligiendo un archivo…
files-none-chosen = No se eligió ningún archivo (si no apareció un diálogo, escriba la ruta en el cuadro)

## Said aloud when the desk's state changes
said-waiting = { $count ->
    [one] 1 cambio espera su envío
   *[other] { GROUPED($count) } cambios esperan su envío
  }
said-working-offline = Trabajando sin conexión: los cambios esperan en la Bandeja de salida.
said-offline = Sin conexión: no se puede llegar al servicio. Los cambios esperan en la Bandeja de salida.
said-back-online = De nuevo en línea.
said-back-online-sending = De nuevo en línea: { GROUPED($waiting) }, enviando ahora.
said-saved-here = Guardado en este equipo: { GROUPED($waiting) }.
said-saved-all = Guardado: el servicio tiene todos los cambios.
said-saved-service = Guardado en el servicio: { GROUPED($waiting) }.
said-sync-finished = Sincronización terminada: lo que se muestra está al día.

## Reminders (the bell and desktop notifications)
reminder-starting = { $what } con { $name } a las { $time }
reminder-overdue = { $what } de { $name } está vencida
reminder-new-lead = Cliente nuevo: { $name }
reminder-new-lead-at = Cliente nuevo: { $name } en { $community }
reminder-waiting = Cliente nuevo: { $name } · { $wait } esperando
reminder-waiting-at = Cliente nuevo: { $name } en { $community } · { $wait } esperando
reminder-starting-title = Comienza pronto
reminder-overdue-title = Vencida
reminder-new-lead-title = Cliente nuevo
reminder-open-case = Abrir el caso
reminder-none = Aún no hay recordatorios. Las visitas y citas le avisan antes de empezar, y las tareas cuando se vencen.

## The move-in wizard's steps
movein-who = ¿Quién ingresa?
movein-people-in-case = Personas de este caso:
movein-is-moving-in = ✔ { $name } ingresa
movein-add = Agregar a { $name }
movein-find = Buscar una persona
movein-find-hint = Nombre, teléfono o correo
movein-nobody-matches = Nadie coincide con esa búsqueda.
movein-moving-in = Ingresan
movein-nobody-chosen = Aún no se eligió a nadie.
movein-mover = ✔ { $name } (caso { $case })
movein-remove = Quitar a { $name }
movein-the-units = las unidades
movein-units-order = Primero las unidades con lugar para { GROUPED($people) }; las llenas solo admiten lista de espera.
movein-col-free = Libres
movein-col-rate = Tarifa
movein-unit = Unidad { $number }
movein-date = Fecha de ingreso
movein-required = obligatoria
movein-monthly-fee = Cuota mensual
movein-from-rate = según la tarifa de la unidad
movein-entrance-fee = Cuota de entrada
movein-optional = opcional
movein-deposit = Depósito
movein-unit-rate = Unidad { $number } en { $community }: tarifa { $rate }
movein-not-set = sin definir
movein-transfer = Traslado desde su unidad actual (su contrato actual termina en la fecha de ingreso)
movein-no-transfer-hint = Nadie de los que ingresan tiene un contrato activo, así que no hay unidad desde la cual trasladar.
movein-no-transfer = Traslado: nadie de los que ingresan tiene un contrato actual.
movein-log-activity = Registrar una actividad de ingreso
movein-waitlist = Lista de espera
movein-repayable = El depósito es reembolsable
movein-current = Contratos actuales
movein-the-current = los contratos actuales
movein-no-current = Ninguno: nadie de los que ingresan tiene un contrato activo.
movein-lives-in = { $name } vive en la unidad { $unit } de { $community } desde el { $since }
movein-tick-transfer = Marque Traslado para sacarlos de su unidad actual.
movein-checking = Comprobando si el ingreso se guardó…
movein-check-again = Comprobar de nuevo
movein-not-saved = El ingreso no se guardó (no existe ese contrato). Puede enviarlo de nuevo.
movein-submit-again = Enviar de nuevo
movein-submit = Enviar el ingreso
movein-the-move-in = el ingreso
movein-saved = ✔ Ingreso guardado: { $count ->
    [one] contrato
   *[other] contratos
  } { $ids }
movein-saved-offline = ✔ Ingreso guardado sin conexión: se envía solo cuando se pueda llegar al servicio (vea la Bandeja de salida)
movein-open-checklist = Abrir la lista de admisión
movein-see-unit = Ver la unidad en el inventario
movein-another = Empezar otro ingreso

## Sales: Region
region-view-about = Cada portal se lee de su propia copia sin conexión en este escritorio, tal como quedó en su última sincronización; nada se mezcla. La ocupación cuenta camas (contratos registrados); las consultas son los casos que entraron al embudo en los últimos 90 días, "de ellos ingresaron" los que ya ingresaron (cada ingreso de los últimos 90 días, sin importar su consulta, está en "Entran 30/90 d" de Inventario); en 2 h son los clientes nuevos del año contactados por primera vez en 2 horas de oficina; el puntaje del equipo es verde ÷ (verde + rojo) de los clientes activos; "por debajo" cuenta las referencias del sector que la comunidad no alcanza por más de una décima, de las que se pueden medir (señale la cifra de una fila para ver cuáles).
region-view-now = Ocupación{"\u000A"}hoy
region-view-days = { $days } días
region-view-inquiries = Consultas{"\u000A"}90 días
region-view-moved-in = De ellos{"\u000A"}ingresaron
region-view-within = En{"\u000A"}2 h
region-view-team = Puntaje{"\u000A"}del equipo
region-view-export = Exportar CSV de la región…
region-view-export-hint = Cada fila como se muestra, con las cifras de referencia del año
region-view-the-region = la región
region-view-connect = Conectarse a él
region-view-table = Comunidades de todos los portales
region-view-open = Abrir
region-view-sort = Ordenar por esta columna; otra vez para invertir
region-view-open-hint = { $portal }: { $community } junto al sector (cambia a ese portal)

## The guide (F1)
help-title = Guía
help-close = Cerrar
help-no-folder = ninguna (se guarda en memoria)
help-no-renderer = un motor de dibujo aún no conocido
help-about = Acerca de LeaseDesk: versión { $build }; dibuja con { $renderer }; carpeta de datos { $folder }
partners-col-private = Privadas{"\u000A"}libres
partners-col-shared = Compartidas,{"\u000A"}cama libre
partners-col-coming = Se{"\u000A"}liberan
partners-col-rate = Tarifa{"\u000A"}mensual
region-view-unread = ⚠ { $portal }: { $why }
region-unread-no-keyring = esta computadora no tiene un llavero que guarde la clave de la copia sin conexión de otro portal, así que solo se lee el portal en uso: conéctese a él para ver sus cifras
region-unread-not-kept = no hay una copia sin conexión suya en este escritorio: conéctese a él una vez, con "Guardar una copia sin conexión" marcado, y deje terminar la primera sincronización
region-unread-not-opened = su copia sin conexión en este escritorio no se pudo abrir: conéctese a él para renovarla
region-unread-filling = su copia sin conexión aún se está llenando (la primera sincronización)
region-unread-not-read = su copia sin conexión no se pudo leer: conéctese a él para renovarla

## Finding a person (move-in, campaigns)
finder-find = Encontrar
finder-the-people = las personas
finder-case = caso { $number }
finder-since = desde el { $day }
money-monthly = { $amount }/mes

## Admissions: a case's checklist
checklist-not-a-case = { $typed } no es un número de caso: los números de caso son enteros
checklist-choose-community = Elija una comunidad
checklist-updated = Requisito actualizado
checklist-saved-offline = Guardado sin conexión: se envía solo cuando se pueda llegar al servicio (vea la Bandeja de salida)
checklist-title = Lista de admisión
checklist-about = { $name } · unidad { $unit } en { $community } · ingresa el { $day }
checklist-no-contract = Caso { $case } · no se encontró un contrato de ingreso
checklist-no-contract-at = Caso { $case } en { $community } · no se encontró un contrato de ingreso
checklist-show-dismissed = Mostrar los requisitos descartados ({ GROUPED($count) })
checklist-none = Esta comunidad no tiene requisitos de admisión.
checklist-dismissed = (descartado)
checklist-offline-refused = Cambiado sin conexión: rechazado (vea la Bandeja de salida)
checklist-offline-waiting = Cambiado sin conexión: esperando su envío
checklist-mark-met-more = Marcar { $name } como cumplido…
checklist-mark-not-met-more = Marcar { $name } como no cumplido…
checklist-nothing-yet = Aún no hay nada registrado
checklist-no-result = Registrado, aún sin resultado
checklist-result = Resultado: { $result }
checklist-result-not-yet = Resultado: { $result } (aún no cumplido)
checklist-marked-not-met = Marcado como no cumplido: { $result }
checklist-by = { GROUPED($recorded) } · por { $user } el { $when }
checklist-note = Nota: { $note }
checklist-mark-met = Marcar { $name } como cumplido
checklist-mark-not-met = Marcar { $name } como no cumplido
checklist-result-label = Resultado
checklist-choose = Elija…
checklist-not-yet = Este resultado significa "aún no": el requisito sigue abierto, mostrado en curso con su nota
checklist-note-label = Nota (se muestra en esta línea)
checklist-save-in-progress = Guardar en curso
checklist-save = Guardar
checklist-cancel = Cancelar
checklist-choose-result = Elija un resultado: el servicio lo exige
checklist-state-met = Cumplido
checklist-state-in-progress = En curso
checklist-state-not-met = No cumplido

## Closing with changes unsent, a crash's notice, the palette
closing-title = { $count ->
    [one] 1 cambio aún sin enviar
   *[other] { GROUPED($count) } cambios aún sin enviar
  }
closing-why = { $count ->
    [one] Esta computadora no guarda una copia sin conexión, así que se pierde si LeaseDesk se cierra ahora. Déjelo abierto hasta que la Bandeja de salida esté vacía, o ciérrelo y piérdalo.
   *[other] Esta computadora no guarda una copia sin conexión, así que se pierden si LeaseDesk se cierra ahora. Déjelo abierto hasta que la Bandeja de salida esté vacía, o ciérrelo y piérdalos.
  }
closing-keep = Mantener LeaseDesk abierto
closing-lose = { $count ->
    [one] Cerrar y perder 1 cambio
   *[other] Cerrar y perder { GROUPED($count) } cambios
  }
crash-notice = ⚠ LeaseDesk se detuvo inesperadamente la última vez. Se guardó un informe para TI como { $name } en la carpeta de registros; no contiene datos de residentes y no se envió.
crash-copy = Copiar el informe
crash-save = Guardar el informe…
crash-the-report = el informe del fallo
crash-dismiss = Descartar
crash-copied = Copiado.
palette-command = Comando
palette-hint = Escriba un comando…
palette-none = Ningún comando coincide

# Why a typed text is not a day
day-problem-empty = Escriba un día, p. ej. 2026-12-01, 12/1/2026 o 1 dic
day-problem-too-long = Es demasiado largo para ser un día
day-problem-not-on-calendar = "{ $text }" no es un día del calendario
day-problem-month-day-year = "{ $text }" no es un día: escríbalo como mes/día/año
day-problem-year = "{ $text }": escriba el año con 4 cifras
day-problem-which-day = "{ $text }": ¿qué día del mes?
day-problem-not-a-day = "{ $text }" no es un día: escriba 2026-12-01, 12/1/2026 o 1 dic

# The move-in wizard's problems and review
list-and = { $first } y { $last }
movein-field-unit = Unidad
movein-move-out-date = Fecha de salida
movein-problem-no-mover = Elija al menos una persona que ingresa
movein-problem-no-unit = Elija una unidad
movein-problem-no-room = La unidad { $unit } tiene lugar para { $room } pero ingresan { GROUPED($movers) } personas: elija otra unidad
movein-problem-move-in-required = La fecha de ingreso es obligatoria
movein-problem-move-out-before = La fecha de salida no puede ser anterior a la fecha de ingreso
movein-problem-not-a-date = "{ $text }" no es una fecha: escriba una como 28 nov 2026
movein-problem-negative = "{ $text }" debe ser cero o más
movein-problem-not-an-amount = "{ $text }" no es un importe (p. ej. 3250.00)
movein-review-moves = { $names } { $count ->
        [one] ingresa
       *[other] ingresan
    } a la unidad { $unit } de { $community } el { $day }.
movein-review-saved = { $names }: se guardó un ingreso a la unidad { $unit } de { $community } el { $day }.
movein-review-no-unit = { $names }: aún no se eligió una unidad.
movein-review-ends = El contrato termina el { $day }.
movein-review-money = Cuota mensual: { $monthly }; cuota de entrada: { $entrance }; depósito: { $deposit }.
movein-review-none = ninguna
movein-review-transfer = Es un traslado: sus contratos actuales terminan en la fecha de ingreso.
movein-review-transfer-saved = Fue un traslado: sus contratos anteriores terminan en la fecha de ingreso.
movein-review-activity = Se registrará una actividad de ingreso.
movein-review-no-activity = No se registrará ninguna actividad de ingreso.
movein-review-activity-saved = Se registró una actividad de ingreso.
movein-review-no-activity-saved = No se registró ninguna actividad de ingreso.
movein-review-waitlist = El contrato está en la lista de espera.
movein-review-waitlist-saved = El contrato se puso en la lista de espera.
movein-review-repayable = El depósito es reembolsable.

# The contact guard's reasons, a family's word, and the lists' "asked to stop" column
word-stop-all = no tener ningún contacto
word-stop-calling = no más llamadas
word-stop-texting = no más mensajes de texto
word-stop-emailing = no más correos
word-stop-letters = no más cartas
word-may-contact = se puede contactar
word-may-call = se puede llamar
word-may-text = se pueden enviar mensajes de texto
word-may-email = se pueden enviar correos
word-may-send-letters = se pueden enviar cartas
hold-asked = Lo pidieron: { $what }, { $on }. Solo su consentimiento lo levanta.
hold-asked-by = Lo pidieron: { $what }, { $on }, registrado por { $by }. Solo su consentimiento lo levanta.
hold-in-state = en { $state }
hold-no-single-address = donde puedan estar (no hay una sola dirección registrada)
hold-closed-day = Para ellos es { $holiday ->
        [yes] feriado
       *[no] domingo
    } { $place } ({ $now }), y la ley de allí no permite { $channel ->
        [text] mensajes de texto
       *[call] llamadas
    }.
hold-hours = Para ellos son las { $now } { $place }; allí se permiten { $channel ->
        [text] mensajes de texto
       *[call] llamadas
    } de { GROUPED($opens) } a { $closes }{ $saturday ->
        [yes] { " " }los sábados
       *[no] { "" }
    }, hora local.
hold-someone = alguien
hold-strictest-state = el estado más estricto
hold-cap = { GROUPED($count) } llamadas o mensajes en las últimas 24 horas (el último de { $by }, { $last }); { $state } permite { GROUPED($cap) }.
hold-line-until = Retenido hasta { $when } (su hora): { $reason }
hold-line = Retenido: { $reason }
stopped-all = No contactar
stopped-some = Sin { $channels }
stopped-calls = llamadas
stopped-texts = mensajes de texto
stopped-emails = correos
stopped-letters = cartas

# Why secrets are kept for this session only
keyring-no-service = esta computadora no tiene un servicio de llavero; en Linux, instale o inicie GNOME Keyring o KWallet y luego reinicie LeaseDesk
keyring-locked = el llavero está bloqueado o negó el acceso; desbloquéelo o vuelva a iniciar sesión en la computadora y luego reinicie LeaseDesk
keyring-no-answer = el llavero no respondió; vuelva a iniciar sesión en la computadora y luego reinicie LeaseDesk (el registro tiene su mensaje)
keyring-unusable = el llavero respondió de una forma que LeaseDesk no puede usar (el registro tiene su mensaje)
keyring-refused = El llavero se negó a guardarlo: se conserva solo durante esta sesión (el registro tiene su mensaje)
keyring-not-wanted = esta ejecución guarda los secretos solo durante la sesión
users-count = { $count ->
        [one] 1 usuario
       *[other] { GROUPED($count) } usuarios
    }

# What the window says of a lead: its follow-up standing and its move-in score
lead-lost = cerrado como perdido el { $day }
lead-waiting-booked = hay una visita agendada, nadie se ha comunicado: { $waited } de espera
lead-waiting = nadie se ha comunicado aún: { $waited } de espera
lead-booked = algo agendado
lead-last-contact = último contacto el { $day }
follow-up-tip = Hasta que alguien se comunica (una llamada, un correo, una carta o una visita; una consulta o una visita sin cita es el cliente que nos busca), el color es la espera en horas hábiles: ámbar a la mitad del objetivo de respuesta, rojo pasado este. Una vez contactado: verde mientras haya algo agendado o el último contacto sea reciente; ámbar y luego rojo sin contacto durante 24 y luego 48 horas. Ambos se ajustan en Configuración.
score-summary = { $band } · { $likely } de probabilidad de ingresar en 90 días
score-not-known = no se sabe
score-tours = { $count ->
        [0] Aún sin visitas
        [1] Visitó una vez
        [2] Visitó dos veces
       *[other] Visitó { GROUPED($count) } veces
    }
score-deposit = Depósito o reserva de habitación recibidos
score-no-deposit = Sin depósito ni reserva de habitación
score-inquired = Consultó { $days ->
        [0] hoy
        [1] hace 1 día
       *[other] hace { $days } días
    }
score-last-touch = Última interacción { $days ->
        [0] hoy
        [1] hace 1 día
       *[other] hace { $days } días
    }
score-contacts-in = { $count ->
        [0] Ningún contacto
        [1] 1 contacto
       *[other] { GROUPED($count) } contactos
    } de la familia
score-contacts-out = { $count ->
        [0] Ningún contacto nuestro
        [1] 1 contacto nuestro
       *[other] { GROUPED($count) } contactos nuestros
    }
score-missed = { $count ->
        [0] Ningún seguimiento perdido
        [1] 1 seguimiento perdido
       *[other] { GROUPED($count) } seguimientos perdidos
    }
score-source = Fuente: { $source }
score-community = Comunidad: { $community }
score-no-contact-yet = Aún sin contacto nuestro
score-do-reach-out = comuníquese
score-do-keep-booked = mantenga agendado el próximo paso
score-do-keep-so = siga así
score-do-catch-up = póngase al día con ellos
score-do-reach-again = vuelva a comunicarse
score-do-keep-in-touch = manténgase en contacto
score-ours = { $words }: { GROUPED($todo) }
score-raises = { $words } (la sube)
score-lowers = { $words } (la baja)

# What a form for a person lacks
person-first-name-required = El nombre es obligatorio
person-last-name-required = El apellido es obligatorio
person-not-an-email = "{ $text }" no es una dirección de correo: escríbala como nombre@ejemplo.com
person-address-incomplete = Una dirección necesita al menos una línea de calle y una ciudad
person-no-community = Dé acceso al menos a una comunidad
person-no-time-zone = Elija una zona horaria

# The command line's own messages, and what is said when the window cannot start
cli-wrote-weekly = Se escribió el informe semanal al { $as_of } en { $path }
cli-wrote-packs = Se { $count ->
        [one] escribió 1 paquete
       *[other] escribieron { GROUPED($count) } paquetes
    } para socios al { $as_of } en { $path }
cli-wrote-region = Se escribió la región ({ $communities } comunidades de { $portals } portales{ $unread ->
        [0] { "" }
       *[other] ; { GROUPED($unread) } no se pudieron leer
    }) al { $as_of } en { $path }
cli-wrote-calls = Se escribieron { GROUPED($calls) } llamadas con { $numbers } de los números del portal en { $path }
cli-not-written = No se pudo escribir { $path }: { $error }
start-already-open = LeaseDesk ya está abierto en esta computadora para este usuario. Cambie a su ventana (puede estar minimizada o en otro escritorio); ciérrelo antes de abrir otro
start-lock-failed = LeaseDesk no pudo asegurarse de ser el único abierto en su carpeta de datos ({ $path }: { $error }). Quite o cambie el nombre de esa entrada si no es un archivo que LeaseDesk creó, o revise los permisos de la carpeta, y vuelva a abrir LeaseDesk
start-no-window = LeaseDesk no pudo abrir su ventana.{ "\u000A" }{ "\u000A" }{ $message }{ "\u000A" }{ "\u000A" }Actualice el controlador de gráficos, o abra LeaseDesk con --renderer { $alt } (o defina { $variable }={ $alt }). El registro en la carpeta de datos tiene los detalles.

# A case's status while its move-in day is ahead
case-moving-in = Ingresa el { $day }
search-via = por { $name }, { $how }
search-in-outbox = en la Bandeja de salida
settings-my-portal = Mi portal

# More of the window's own words
calls-counted-from = Contadas a partir de las actividades Call In y Call Out registradas, por la hora en que empezaron en la zona horaria del portal; una llamada perdida es una que, según la exportación del sistema telefónico, nadie contestó (Importar llamadas…). Sombreado: horario de oficina (Configuración); con contorno: la oficina está cerrada.
top-signed-in-hint = El usuario con el que el servicio conoce esta conexión: "Yo" en los filtros, y quien recibe los recordatorios de sus tareas
notice-move-in-open = Ya se está registrando un ingreso: termínelo o elija Empezar otro ingreso primero
notice-no-connection = No hay ninguna conexión guardada con el nombre { $name }
notice-removed = Se quitó { $name } y su copia sin conexión
notice-prefs-not-saved = No se pudieron guardar las preferencias en { $path }: { $error }
notice-signed-out = Se cerró la sesión de { $name }; se borró su copia sin conexión
notice-not-deleted = Parte de lo que esta computadora guardó para { $name } no se pudo borrar ({ $error }); cierre LeaseDesk e inténtelo de nuevo
search-list-id-number = El id. de la lista debe ser un número (se escribió "{ $id }")
outbox-saved-sealed = Se { $count ->
        [one] guardó 1 cambio
       *[other] guardaron { GROUPED($count) } cambios
    } (aún cifrados) en { $path }
outbox-not-written = No se pudo escribir el archivo: { $error }. Elija otra carpeta e inténtelo de nuevo
files-kind-text = Texto
files-kind-sealed = Cambios sellados

# The Outbox's lines for what waits
outbox-new-unit = Unidad nueva { $number } ({ $community })
outbox-new-person = Persona nueva ({ $kind }): { $name }
outbox-campaign-move = { $name } a { $status } ({ $campaign })
outbox-campaign-add = { $name } agregado a { $campaign } como { $status }
outbox-admission = { $requirement } { $state ->
        [met] cumplido
        [progress] en curso
       *[not] no cumplido
    } para el caso { $case } ({ $community })
outbox-activity = { $kind } para { $who }, { $when }
saved-this-run-only = Esta computadora no guarda copia sin conexión, así que se pierde si se cierra LeaseDesk antes de enviarla.
api-unauthorized = Acceso denegado: { $message }. Revise la clave de suscripción, el usuario y la contraseña en Configuración
api-forbidden = No permitido: { $message }. Revise el PortalId en Configuración o pida acceso a su administrador
api-not-found = No encontrado: { $message }. Puede que el registro se haya quitado o que pertenezca a otro portal
api-invalid = El servicio rechazó la solicitud: { $message }. Corríjala e inténtelo de nuevo
api-rate-limited-in = El servicio está ocupado (se alcanzó el límite de solicitudes). Inténtelo de nuevo en { $seconds } s
api-rate-limited = El servicio está ocupado (se alcanzó el límite de solicitudes). Inténtelo de nuevo en un momento
api-over-budget = El servicio envió más de { $limit } MiB para { $what }, más de lo que tiene cualquier portal, así que LeaseDesk dejó de leer. No se escribió nada; pida a su administrador que revise el servicio
budget-every-case = todos los casos
budget-report-cases = los casos del informe
budget-leads = los clientes potenciales
budget-activities = las actividades
budget-team-activities = las actividades del equipo
budget-older-words = las palabras anteriores de las familias
api-server = El servicio falló (HTTP { $status }): { $message }. Inténtelo de nuevo en un momento; si sigue fallando, comuníquese con su administrador
api-status = El servicio respondió HTTP { $status }: { $message }
api-connect = No se pudo conectar con el servicio ({ $detail }). Revise su conexión de red y la URL base en Configuración
api-timeout = El servicio no respondió a tiempo ({ $detail }). Revise su conexión de red e inténtelo de nuevo
api-tls = No se pudo establecer una conexión segura ({ $detail }). Revise que la URL base sea correcta y use https
api-dropped = La conexión se perdió antes de que llegara la respuesta ({ $detail }). Inténtelo de nuevo
api-outcome-unknown = No llegó respuesta para este cambio ({ $detail }), así que no se sabe si se guardó. Revise el registro antes de volver a intentarlo
api-decode = El servicio envió datos que LeaseDesk no pudo leer (en { $path }: { $detail }). Por favor, infórmelo
api-redirected = El servicio respondió con una redirección (HTTP { $status }) a { $location }, que LeaseDesk no sigue, así que su clave y su contraseña no se enviaron allí. Revise la URL base en Configuración; si es correcta, consulte a su administrador sobre la redirección
api-too-large = El servicio envió una respuesta de más de { $limit } MiB, que LeaseDesk no lee. Acote la solicitud (un filtro, una página más pequeña) e inténtelo de nuevo
api-internal = LeaseDesk falló al atender esta solicitud; quedó escrito en el registro. Inténtelo de nuevo e infórmelo si vuelve a pasar
api-not-connected = LeaseDesk no está conectado al servicio: la barra de estado dice por qué. Conéctese en Configuración
api-chosen-offline = Eligió Trabajar sin conexión, así que no se preguntó al servicio: elija Volver a conectarse en la barra de estado para preguntarle
create-not-saved = No llegó respuesta y el servicio no lo tiene: no se guardó. Guárdelo de nuevo
create-unknown = No llegó respuesta y no se pudo comprobar si se guardó ({ $error }). Revise las actividades del caso antes de guardar de nuevo
link-training-key-on-live = Esta es una clave de capacitación: abre el servidor de capacitación de una clase, nunca el servicio real. Use la clave que le dio su administrador para el servicio real, o la dirección de la clase con esta
link-no-key = No hay una clave de suscripción guardada para { $profile }: ingrésela en Configuración
link-sandbox-did-not-start = El sandbox integrado no pudo iniciarse: { $detail }
link-shutting-down = la aplicación se está cerrando
api-config = La configuración de la conexión no es válida: { $message }. Corríjala en Configuración
campaigns-not-moved = No se pudo mover a { $name } a { $to }; la tarjeta volvió a { $from }. { $why }
handoff-no-address = Esta persona no tiene dirección de correo electrónico en el caso
handoff-bad-address = { $address } no es una dirección de correo electrónico
handoff-no-number = Esta persona no tiene número de teléfono en el caso
handoff-bad-number = { $number } no es un número de teléfono de EE. UU. (10 dígitos)
handoff-too-long = El mensaje es demasiado largo para pasarlo a su aplicación de correo o de mensajes ({ $chars } caracteres con su dirección; el límite es { $limit }): cópielo en su lugar
unit-row-invalid = No enviada: { $why }
unit-row-exists = Ya existe (unidad { $id }); se omitió
unit-row-ready = Lista para importar
unit-row-created = Unidad { $id } creada
unit-row-refused = Rechazada: { $message }
unit-row-not-sent = No importada: { $why }
unit-row-offline = Guardada sin conexión: se crea cuando se pueda llegar al servicio (vea la Bandeja de salida)
unit-required = { $field } es obligatorio
unit-no-community = CommunityUnique { $text } no es una comunidad de este portal
unit-not-in-list = { $field } { $id } no está en la lista
unit-not-a-number = { $field } { $text } no es un número
unit-number-length = Number debe tener de 1 a 20 caracteres
unit-name-length = Name debe tener como máximo 100 caracteres
unit-not-an-amount = { $field } { $text } debe ser un número, cero o más
unit-not-a-capacity = Capacity { $text } debe ser un número entero de 1 a 20
unit-repeated-number = Number { $number } aparece antes en este archivo para la misma comunidad
unit-unreadable = fila ilegible: { $detail }
unit-not-tried = no se intentó mientras trabajaba sin conexión
unit-ids-mismatch = el servicio respondió con { $ids } identificadores para { GROUPED($units) } unidades, así que la importación se detuvo para no enviar nada dos veces; importe el archivo de nuevo para terminar
unit-no-id-said = la respuesta del servicio no dijo qué unidad creó
unit-file-header = No se pudo leer la fila de encabezado: { $detail }
unit-file-unknown-column = Columna desconocida { $name }: el encabezado debe usar los nombres de campo { $fields }
unit-file-missing = Al encabezado le faltan las columnas obligatorias { $columns }
import-failed-rows = { $count ->
    [one] 1 fila con problemas
   *[other] { GROUPED($count) } filas con problemas
}
import-new-units-from = { $count ->
    [one] 1 unidad nueva de { $file }
   *[other] { GROUPED($count) } unidades nuevas de { $file }
}
import-the-file = el archivo
rules-wider = el horario de una comunidad puede acotar el de la ley (8 a. m.–9 p. m.), nunca ampliarlo
rules-backwards = el horario debe abrir antes de cerrar
rules-start-not-a-time = El inicio debe ser una hora como 09:00, no { $text }
rules-end-not-a-time = El fin debe ser una hora como 09:00, no { $text }
rules-not-a-state = El estado debe ser un código postal de dos letras como FL, no { $text }
rules-one-time = indique ambas horas, o ninguna para conservar el horario del escritorio
rules-too-many-communities = como máximo { GROUPED($most) } comunidades
rules-table-too-long = la tabla ocupa más de { $kb } KB
rules-too-many-rows = más de { GROUPED($most) } filas
rules-line = línea { $line }: { $problem }
rules-line-state = state debe ser un código postal de dos letras
rules-line-opens = opens debe ser HH:MM
rules-line-closes = closes debe ser HH:MM
rules-line-hours = el horario de { $state } debe estar dentro de 8:00–21:00 y abrir antes de cerrar
rules-line-cap = cap_24h debe ser un número desde 1
rules-line-no-source = { $state } no indica ninguna fuente
rules-line-saturday-times = sat_opens y sat_closes deben ser HH:MM (o ambos vacíos)
rules-line-saturday-hours = el horario del sábado de { $state } debe estar dentro de su propio horario y abrir antes de cerrar
plugin-not-https = Solo se aceptan direcciones https://: el servicio entrega los eventos únicamente por TLS
plugin-not-an-address = Escriba la dirección completa, que empiece por https://
plugin-no-host = { $address } no tiene nombre de host
plugin-spaces = La dirección no debe contener espacios
calls-line = línea { $line }: { $problem }
calls-too-large = el archivo supera los { $mb } MB
calls-not-text = el archivo no es texto (UTF-8)
calls-empty = el archivo está vacío
calls-header = no es una exportación de llamadas: { $detail }
calls-unknown-layout = no es una exportación de llamadas: el encabezado no es ninguno de los formatos conocidos ({ $layouts }); indique qué columna es cuál
calls-no-column = no es una exportación de llamadas: no hay ninguna columna { $name } en el encabezado
calls-not-read = no se pudo leer: { $detail }
calls-too-many = más de { GROUPED($most) } llamadas en un archivo: divídalo
calls-cell-too-long = { $what ->
    [start] el inicio
    [time] la hora
    [caller] el número que llama
    [callee] el número llamado
    [duration] la duración
    [direction] la dirección
   *[other] el resultado
  } supera los { GROUPED($most) } caracteres
calls-bad-direction = la dirección { $text } no es ni entrante ni saliente
calls-bad-start = el inicio { $text } no es una fecha y hora
calls-bad-duration = la duración { $text } no está en segundos ni en h:mm:ss
calls-bad-result = el resultado { $text } no dice si se contestó o se perdió
calls-your-columns = sus columnas
calls-choose-fact = elija la columna que contiene { $fact ->
    [caller] el número que llama
    [callee] el número llamado
    [start] el inicio
    [duration] la duración
    [direction] la dirección
   *[other] si se contestó
  }
kind-prospect = Cliente potencial
kind-resident = Residente
kind-contact = Contacto
kind-referral-source = Fuente de referidos
kind-pre-lead = Precliente
rsvp-invited = Invitado
rsvp-rsvp = Confirmó
rsvp-attended = Asistió
rsvp-no-show = No asistió
rsvp-cancelled = Canceló
colour-red-means = Rojo: espera más que el objetivo de respuesta de { $minutes } min, o sin contacto en { $hours } h
colour-amber-means = Ámbar: espera la mitad del objetivo de respuesta de { $minutes } min, o sin contacto en { $hours } h
colour-green-means = Verde: nuevo y dentro del objetivo de respuesta de { $minutes } min, contactado hace poco, o con algo reservado

## The command line's help and usage errors (src/cli/help.rs); each command's about and each
## argument's help are the messages cli-about-… and cli-arg-… below.
cli-usage = Uso
cli-heading-commands = Órdenes
cli-heading-arguments = Argumentos
cli-heading-options = Opciones
cli-command-value = ORDEN
cli-arg-help = Muestra la ayuda
cli-arg-version = Muestra la versión
cli-about-help = Muestra este mensaje o la ayuda de la orden (u órdenes) indicada
cli-default = [predeterminado: { $value }]
cli-choices = [valores: { $values }]
cli-error-unknown-argument = argumento inesperado «{ $arg }».
cli-error-unknown-command = orden desconocida «{ $command }».
cli-error-no-value = «{ $arg }» necesita un valor y no se le dio ninguno.
cli-error-not-a-choice = valor no válido «{ $value }» para «{ $arg }»: admite { $choices }.
cli-error-bad-value = valor no válido «{ $value }» para «{ $arg }».
cli-error-missing = faltan estos argumentos obligatorios: { $args }.
cli-error-once = el argumento «{ $arg }» no puede darse más de una vez.
cli-error-conflict = el argumento «{ $arg }» no puede usarse con «{ $other }».
cli-error-values = el argumento «{ $arg }» recibió un número de valores equivocado.
cli-error-no-command = aquí hace falta una orden.
cli-error-not-utf8 = la línea de órdenes no es UTF-8 válido.
cli-error-other = { $detail }
cli-error-did-you-mean = ¿Quiso decir { $suggestion }?
cli-error-see-help = Consulte `{ $command } --help`.

## `leasedesk sandbox` and the training class it serves (`--trainees N`): what the console says.
sandbox-listening = Sandbox de LeaseDesk (v3) escuchando
sandbox-base-url = URL base:
sandbox-demo-portal = portal de demostración:
sandbox-second-portal = segundo portal:
sandbox-training-key = clave de capacitación:
sandbox-both-portals = { $key } (ambos portales)
sandbox-demo-login = usuario de demostración:
sandbox-database = base de datos:
sandbox-in-memory = en memoria
sandbox-openapi = documento OpenAPI:
sandbox-key-not-printed = la que usted dio (no se muestra)
sandbox-press-ctrl-c = Pulse Ctrl-C para detenerlo.
sandbox-stopping = Deteniendo…
sandbox-no-data-folder = No se encontró una carpeta de datos; indique --db RUTA o --in-memory
sandbox-exposed = Aviso: escuchar en { $address } expone el sandbox (http sin cifrar, claves de demostración publicadas) fuera de esta computadora
sandbox-no-runtime = No se pudo iniciar el entorno asíncrono: { $error }
class-listening = Clase de capacitación de LeaseDesk escuchando
class-base-url = URL base:
class-trainees = alumnos:
class-trainees-value = { GROUPED($trainees) } (portales { $first } a { $last }), el portal del instructor { $trainer }
class-scenario = escenario:
class-sheet = hoja de la clase:
class-sheet-value = { $path } y .pdf (la clave, el usuario y la contraseña de cada puesto; solo usted puede leerla)
class-health = comprobación:
class-reset = reiniciar:
class-reset-value = LEASEDESK_SUBSCRIPTION_KEY=<clave del instructor> leasedesk --base-url { $url } --portal { $portal } training reset [--trainee N]
class-nightly = Cada portal vuelve al escenario a medianoche.
class-plain-http = Aviso: http sin cifrar fuera de esta computadora: los demás puestos solo se conectan por https (indique --tls-cert y --tls-key)
class-no-data-folder = no se encontró una carpeta de datos; indique --class-dir
class-sheet-not-written = no se pudo escribir la hoja de la clase: { $error }
class-not-reset = no se pudo reiniciar la clase: { $error }
class-reset-one = Se reinició el portal del alumno { $trainee } al escenario ({ $scenario }) en { $ms } ms
class-reset-all = Se reiniciaron { $portals } portales al escenario ({ $scenario }) en { $ms } ms
class-grade-out = --out debe terminar en .pdf o .csv
class-not-read = no se pudo leer la clase (¿es la clave del instructor?): { $error }
class-portal-not-read = no se pudo leer el portal de un alumno: { $error }
class-graded = Se calificaron { GROUPED($trainees) } alumnos ({ GROUPED($done) } de { GROUPED($tasks) } tareas hechas) en { $seconds } s en { $path }

## The commands and arguments of the command line (`leasedesk --help`): the English is
## main.rs's doc comments as clap shows them (a test holds them equal).
cli-about = LeaseDesk: prospectos, residentes y ocupación para comunidades de personas mayores
cli-arg-verbose = Escribe el registro también en la consola
cli-arg-base-url = La URL base del servicio (con --portal; la clave se toma de LEASEDESK_SUBSCRIPTION_KEY)
cli-arg-portal = El número del portal (con --base-url)
cli-arg-profile = Un perfil guardado en la Configuración de la aplicación (sus secretos se toman del llavero)
cli-arg-renderer = Cómo dibujar la ventana: auto (cada uno por turno hasta que uno funcione), wgpu, gl o glow. También LEASEDESK_RENDERER
cli-about-sandbox = Ejecuta el servicio sandbox v3 local (datos de demostración, sin credenciales)
cli-arg-sandbox-addr = La dirección donde escuchar. Loopback por omisión: el sandbox no está hecho para exponerse
cli-arg-sandbox-db = El archivo de base de datos (predeterminado: sandbox.db en la carpeta de datos del sistema)
cli-arg-sandbox-in-memory = Lo guarda todo en memoria; no se escribe nada en disco
cli-arg-sandbox-seed = Los datos de una base de datos nueva
cli-arg-sandbox-key = La clave de suscripción del portal de demostración en lugar de la publicada. Mejor la variable de entorno LEASEDESK_SANDBOX_KEY: la línea de órdenes la ven otros usuarios
cli-arg-sandbox-trainees = Una clase de capacitación: un portal por alumno (de 1 a 60) y uno para el instructor, cada uno en su propia base de datos en --class-dir, con una hoja de la clase con sus claves y usuarios
cli-arg-sandbox-class-dir = La carpeta de la clase (predeterminada: `class` en la carpeta de datos)
cli-arg-sandbox-tls-cert = Sirve la clase por https con esta cadena de certificados PEM (con --tls-key): los puestos de otras computadoras solo se conectan por https
cli-arg-sandbox-tls-key = La clave privada PEM de --tls-cert
cli-about-report = Escribe un informe sin abrir la ventana (para tareas programadas)
cli-about-report-weekly = La ocupación, el pronóstico de censo a 90 días, el embudo de ventas, los traslados de la semana y la cola de admisiones
cli-arg-report-weekly-out = El archivo que se escribe (entero o nada)
cli-arg-report-weekly-community = Una comunidad, por su nombre único (predeterminado: todas)
cli-arg-report-weekly-as-of = El día del informe (predeterminado: hoy)
cli-arg-report-weekly-format = El formato del archivo
cli-arg-report-weekly-paper = El tamaño de papel de un PDF
cli-arg-report-weekly-language = El idioma en que se escribe un PDF (predeterminado: el del sistema, si LeaseDesk lo habla; inglés si no). JSON y CSV conservan sus nombres sea cual sea
cli-arg-report-weekly-keep-umask = Da al archivo los permisos que su umask da a los archivos nuevos (por omisión solo usted puede leerlo: nombra a residentes)
cli-about-report-partners = El paquete de cada socio de referidos (lo que está libre y lo que se libera, en qué punto están sus familias), un archivo por socio, en una carpeta
cli-arg-report-partners-out = La carpeta donde se escriben los paquetes (debe existir); cada archivo se escribe entero o nada
cli-arg-report-partners-community = Una comunidad, por su nombre único (predeterminado: todas)
cli-arg-report-partners-as-of = El día de los paquetes (predeterminado: hoy)
cli-arg-report-partners-format = El formato de los archivos
cli-arg-report-partners-paper = El tamaño de papel de un PDF
cli-arg-report-partners-language = El idioma en que se escriben los PDF (predeterminado: el del sistema, si LeaseDesk lo habla; inglés si no)
cli-arg-report-partners-keep-umask = Da a los archivos los permisos que su umask da a los archivos nuevos (por omisión solo usted puede leerlos)
cli-about-report-region = Una fila por comunidad de cada conexión guardada (o de los dos portales de demostración del sandbox): la ocupación actual y futura, el embudo, la rapidez de respuesta, la puntuación del equipo
cli-arg-report-region-out = El archivo que se escribe (entero o nada)
cli-arg-report-region-as-of = El día del resumen (predeterminado: hoy)
cli-arg-report-region-format = El formato del archivo
cli-arg-report-region-paper = El tamaño de papel de un PDF
cli-arg-report-region-language = El idioma en que se escribe el PDF (predeterminado: el del sistema, si LeaseDesk lo habla; inglés si no)
cli-arg-report-region-keep-umask = Da al archivo los permisos que su umask da a los archivos nuevos (por omisión solo usted puede leerlo)
cli-about-report-score-check = Qué tan bien predijo la puntuación de mudanza los últimos seis meses del portal (una tabla en stdout)
cli-arg-report-score-check-as-of = El día de la comprobación (predeterminado: hoy)
cli-about-calls = Las llamadas de un sistema telefónico: asociadas a casos y registradas
cli-about-calls-import = Lee una exportación de llamadas (CSV), registra una vez cada llamada asociada a un caso (importar otra vez las mismas llamadas no registra nada) y lista los números que no corresponden a nadie y las llamadas perdidas sin devolver
cli-arg-calls-import-file = La exportación del sistema telefónico (se conocen RingCentral, 3CX y las columnas propias de LeaseDesk)
cli-arg-calls-import-columns = Qué columna es cuál, para otro diseño: "caller=From,callee=To,start=Date,time=Time,duration=Secs,direction=Dir,answered=Result" (time solo cuando el día y la hora están en dos columnas)
cli-arg-calls-import-zone = La zona horaria del sistema telefónico, para las horas escritas sin desfase (predeterminada: la de esta computadora)
cli-about-calls-demo-export = Escribe dos semanas de llamadas inventadas con las personas del portal (las de la demostración por omisión), para probar una importación
cli-arg-calls-demo-export-out = El archivo que se escribe (entero o nada)
cli-about-audit = Quién vio a quién: el registro de accesos del puesto verificado, o listado por periodo, caso o usuario
cli-about-audit-verify = Comprueba todo el registro de accesos: sale con 0 si está completo, con 1 nombrando la primera entrada alterada, quitada, reordenada o cortada
cli-arg-audit-verify-dir = La carpeta del registro (predeterminada: `audit` en la carpeta de datos)
cli-about-audit-report = Lista las entradas del registro de accesos (el registro debe verificarse antes)
cli-arg-audit-report-dir = La carpeta del registro (predeterminada: `audit` en la carpeta de datos)
cli-arg-audit-report-from = El primer día (AAAA-MM-DD, UTC)
cli-arg-audit-report-to = El último día (AAAA-MM-DD, UTC)
cli-arg-audit-report-case = Las entradas de un caso
cli-arg-audit-report-user = Las entradas de un usuario
cli-arg-audit-report-sort = El orden de las filas
cli-arg-audit-report-format = El formato del archivo
cli-arg-audit-report-out = El archivo que se escribe (entero o nada; predeterminado: stdout)
cli-about-contact = Contactar a las familias conforme a la ley: se consulta al guardián de contacto, se registra la baja de una familia
cli-about-contact-check = Si a alguien de un caso se le puede llamar, enviar un texto, un correo o una carta en un momento: { "{" }"allowed": bool, "reason": texto, "next_allowed": hora o null{ "}" } en stdout (sale con 0 tanto si se permite como si se retiene)
cli-arg-contact-check-case = El número del caso
cli-arg-contact-check-channel = call, text, email o letter (llamada, texto, correo o carta)
cli-arg-contact-check-at = El momento (RFC 3339, o AAAA-MM-DDTHH:MM en --zone; predeterminado: ahora)
cli-arg-contact-check-person = Alguien del caso por su id de individuo (predeterminado: la persona del caso)
cli-arg-contact-check-zone = La zona horaria de la comunidad (predeterminada: la de esta computadora)
cli-arg-contact-check-format = El formato de la salida
cli-about-contact-opt-out = Registra que alguien de un caso pidió no ser contactado por un canal (o por ninguno)
cli-arg-contact-opt-out-case = El número del caso
cli-arg-contact-opt-out-channel = call, text, email, letter o all (llamada, texto, correo, carta o todos)
cli-arg-contact-opt-out-how = Cómo lo dijeron ("respondió STOP", "lo pidió en una llamada", "envió START")
cli-arg-contact-opt-out-at = Cuándo lo dijeron (RFC 3339, o AAAA-MM-DDTHH:MM en --zone; predeterminado: ahora)
cli-arg-contact-opt-out-person = Alguien del caso por su id de individuo (predeterminado: la persona del caso)
cli-arg-contact-opt-out-zone = La zona horaria del puesto, para la hora de la actividad (predeterminada: la de esta computadora)
cli-about-contact-consent = Registra que alguien de un caso aceptó ser contactado por un canal (o por todos): anula una baja anterior de ese canal
cli-arg-contact-consent-case = El número del caso
cli-arg-contact-consent-channel = call, text, email, letter o all (llamada, texto, correo, carta o todos)
cli-arg-contact-consent-how = Cómo lo dijeron ("respondió STOP", "lo pidió en una llamada", "envió START")
cli-arg-contact-consent-at = Cuándo lo dijeron (RFC 3339, o AAAA-MM-DDTHH:MM en --zone; predeterminado: ahora)
cli-arg-contact-consent-person = Alguien del caso por su id de individuo (predeterminado: la persona del caso)
cli-arg-contact-consent-zone = La zona horaria del puesto, para la hora de la actividad (predeterminada: la de esta computadora)
cli-about-contact-import-replies = Lee el registro de textos recibidos de una herramienta de mensajería (CSV: from, at, text) y registra una vez cada respuesta de baja (STOP, UNSUBSCRIBE, CANCEL, END, QUIT, STOPALL, REVOKE, OPTOUT) como la baja de textos del remitente; importar otra vez el mismo registro no registra nada
cli-arg-contact-import-replies-file = El registro (CSV con las columnas from, at, text)
cli-arg-contact-import-replies-zone = La zona de las horas escritas sin desfase (predeterminada: la de esta computadora)
cli-about-outreach = El seguimiento del equipo: cada contacto pendiente, con la respuesta del guardián de contacto
cli-about-outreach-due = Cada contacto que las listas pedirían al equipo en un momento (primeras llamadas a prospectos nuevos, llamadas perdidas por devolver, pasos de planes de seguimiento), cada uno con "allowed", "reason" y "next_allowed", como JSON en stdout
cli-arg-outreach-due-as-of = El momento (RFC 3339, o AAAA-MM-DDTHH:MM en --zone; predeterminado: ahora)
cli-arg-outreach-due-zone = La zona horaria de las comunidades (predeterminada: la de esta computadora)
cli-arg-outreach-due-format = El formato de la salida
cli-about-training = La clase del instructor (`sandbox --trainees N`): reiniciar portales, calificar el examen. Indique la --base-url de la clase, el --portal del instructor y la clave del instructor en LEASEDESK_SUBSCRIPTION_KEY
cli-about-training-reset = Devuelve el portal de un alumno (o los de toda la clase) a la mañana del escenario
cli-arg-training-reset-trainee = El número del alumno en la hoja de la clase, de 1 a 60 (predeterminado: toda la clase)
cli-about-training-grade = Califica el examen de cada alumno según lo que escribió: una tabla de la clase y una página por alumno
cli-arg-training-grade-out = El archivo que se escribe: .pdf (una página por alumno) o .csv (la tabla de la clase)

## `leasedesk audit`: the access log verified and reported (src/cli/audit.rs, the report's PDF).
access-title = Registro de accesos
access-entries-of = Entradas de { GROUPED($asked) }: { GROUPED($entries) }.
access-col-entry = Entrada
access-col-when = Cuándo (UTC)
access-col-user = Usuario
access-col-what = Qué
access-col-case = Caso
access-col-detail = Detalle
access-how-kept = Cada puesto lleva su propio registro, sellado con una clave de su llavero y encadenado entrada a entrada, de modo que leasedesk audit verify detecta una entrada cambiada, quitada, movida o cortada. Guarda números de caso, el usuario conectado y lo que se hizo, nunca el nombre ni los datos de un residente o de una familia.
access-footer = LeaseDesk · registro de accesos · hecho el { GROUPED($made) }
audit-no-data-folder = no hay carpeta de datos aquí: indique --dir
audit-no-log = { $dir } no contiene un registro de accesos
audit-no-key = no se puede comprobar el registro: { $error }
audit-key-bad-variable = { $variable } debe tener 64 dígitos hexadecimales
audit-key-damaged = la clave del registro de accesos en el llavero está dañada
audit-key-missing = no hay una clave del registro de accesos en esta computadora (el llavero no tiene ninguna y { $variable } no está definida)
audit-not-whole = El registro de accesos no está completo: { $broken }
audit-not-whole-no-report = El registro de accesos no está completo, así que no se hace el informe: { $broken }
audit-whole = El registro de accesos está completo: { GROUPED($entries) } { $entries ->
    [one] entrada
   *[other] entradas
  } en { GROUPED($files) } { $files ->
    [one] archivo
   *[other] archivos
  } (entradas { $first } a { $last }).
audit-altered = la entrada { $entry } ({ $file }) fue alterada
audit-removed = la entrada { $entry } ({ $file }) fue quitada
audit-reordered = la entrada { $entry } ({ $file }) está fuera de orden
audit-truncated = el registro fue cortado: faltan las entradas desde la { $entry } ({ $file })
audit-what-case-opened = caso abierto
audit-what-person-shown = datos de la persona mostrados
audit-what-exported = exportación
audit-what-printed = impresión
audit-what-handed-off = contacto entregado al sistema
audit-what-override-refused = anulación del guardián rechazada
audit-what-log-started = registro iniciado
audit-what-log-stopped = registro detenido
audit-what-log-rotated = registro rotado
audit-too-many = { GROUPED($entries) } entradas son demasiadas para un PDF (como máximo { GROUPED($most) }): acótelo con --from, --to, --case o --user, o pida --format csv
audit-period-from-to = { $from } a { $to }
audit-period-from = { $from } en adelante
audit-period-to = todos los días guardados hasta { $to }
audit-period-all = todos los días guardados
audit-narrowed-case = caso { $case }
audit-narrowed-user = usuario { $user }

## The training class's exam and class sheet (PDFs of `training grade` and `sandbox --trainees`).
exam-title = Clase de capacitación: el examen
exam-graded-from = { GROUPED($trainees) } alumnos, calificados según lo que cada uno escribió en su propio portal (escenario { $scenario }).
exam-the-tasks = Las tareas: { GROUPED($tasks) }.
exam-done-of = { GROUPED($done) } de { GROUPED($tasks) }
exam-col-trainee = Alumno
exam-col-login = Usuario
exam-col-done = Hechas
exam-col-still-to-do = Tareas pendientes
exam-trainee-heading = Alumno { $trainee }: { $login }
exam-portal-done = Portal { $portal }: { GROUPED($done) } de { GROUPED($tasks) } tareas hechas.
exam-col-task = Tarea
exam-col-mark = Calificación
exam-footer = LeaseDesk · CAPACITACIÓN · examen calificado el { GROUPED($made) }
exam-task-harold-call = Registrar como hecha la llamada atrasada de Harold Finch
exam-task-harold-next-step = Programar el siguiente paso de Harold Finch
exam-task-margaret-call = Registrar la llamada atrasada de Margaret Okafor con su resultado
exam-task-walter-tour = Programar la visita de Walter Brennan sin que choque con otra
exam-task-lucia-added = Añadir a Lucia Alvarez al caso de su madre Rosa
exam-task-edna-lost = Cerrar a Edna Pruitt como prospecto perdido, con un motivo
exam-task-jean-entered = Dar de alta al nuevo prospecto Jean Baptiste, con un teléfono
exam-task-open-house = Confirmar a dos familias para la jornada de puertas abiertas de primavera
exam-task-tb-test = Marcar como cumplida la prueba de TB de Evelyn Hart, con una nota
exam-mark-done = hecha
exam-mark-not-done = no hecha
exam-mark-wrong = mal: { $why }
exam-wrong-call-without-result = la llamada se registró sin su resultado
exam-wrong-not-a-call-made = se registró algo, pero no una llamada hecha
exam-wrong-next-step-before-call = el siguiente paso vence antes de la llamada a la que sigue
exam-wrong-tour-clash = la visita choca con la de { $with } a las { $at }
exam-wrong-rosas-case-gone = el caso de Rosa Alvarez ya no está
exam-wrong-lucia-on-her-own = Lucia se dio de alta como un caso propio, no en el de su madre
exam-wrong-lost-without-reason = se cerró como perdido sin motivo
exam-wrong-no-phone = se dio de alta sin número de teléfono
exam-wrong-entered-times = se dio de alta { GROUPED($times) } veces
exam-wrong-means-not-yet = se guardó como "{ $result }", que significa todavía no
exam-wrong-met-without-note = se marcó como cumplida sin nota
exam-wrong-no-campaign = la campaña no está
exam-wrong-one-family-of-two = una familia de dos
class-sheet-title = Clase de capacitación: la hoja de la clase
class-sheet-how = En LeaseDesk, Configuración, Perfil nuevo: la dirección del servicio { $address }, su portal, su clave de suscripción, y su usuario y contraseña. Guarde su fila para usted.
class-sheet-col-seat = Puesto
class-sheet-col-portal = Portal
class-sheet-col-password = Contraseña
class-sheet-col-key = Clave de suscripción
class-sheet-footer = LeaseDesk · CAPACITACIÓN · hoja de la clase
class-sheet-trainer = Instructor

## The window's title, what a hand-off, the waitlist and My day say when they are not the usual (stop 80)
window-title-sandbox = LeaseDesk — portal { $portal } (sandbox, datos de demostración)
window-title-training = LeaseDesk — CAPACITACIÓN — { $profile } (portal { $portal })
window-title-portal = LeaseDesk — { $profile } (portal { $portal })
window-title-connecting = LeaseDesk — conectándose a { $label }…
window-title-failed = LeaseDesk — { $label }: sin conexión
hand-off-no-app = Ninguna aplicación de esta computadora abre los enlaces { $scheme }:. Copie el mensaje, o elija una aplicación predeterminada para ellos en la configuración del sistema
waitlist-still-filling = La lista de espera se lee de la copia sin conexión de este equipo, que aún se está llenando (la primera sincronización); aparece cuando la sincronización termine.
myday-plan-steps-tip = Pasos de los planes de seguimiento iniciados en sus clientes potenciales (en el caso: Plan de seguimiento), que vencen hoy o están atrasados, en los días hábiles de la comunidad. Un paso se cumple con la llamada, el correo o la carta registrados para él, y se omite cuando la familia responde.
myday-new-leads-tip = Sus clientes potenciales de los últimos 7 días a quienes nadie ha llamado, escrito ni visto aún, los más antiguos primero. Ámbar a la mitad del objetivo de respuesta, rojo al alcanzarlo (Configuración).
settings-portal-id-not-number = El PortalId de { $name } no es un número: corríjalo en Configuración
sources-rent-unknown = { $count ->
        [one] 1 ingreso no tiene alquiler de contrato registrado: su comisión sobre el alquiler no se cuenta
       *[other] { GROUPED($count) } ingresos no tienen alquiler de contrato registrado: su comisión sobre el alquiler no se cuenta
    }
files-what-letter = la carta
files-what-occupancy-summary = el resumen de ocupación
files-what-units = { $count ->
        [one] 1 unidad
       *[other] { GROUPED($count) } unidades
    }
files-what-members = { $count ->
        [one] 1 miembro
       *[other] { GROUPED($count) } miembros
    }
letter-file-name = Carta { $name } { $day }.pdf

## Other words the palette finds a command by
command-also-nav-calendar = mi día dia hoy agenda visitas citas tareas seguimientos atrasados semana mes
command-also-nav-sales = informe reporte semanal embudo cifras conversión conversion tablero
command-also-nav-search = casos clientes personas prospectos residentes encontrar
command-also-nav-inventory = unidades ocupación ocupacion censo vacantes apartamentos
command-also-nav-move-in = ingreso admitir contrato traslado
command-also-nav-admissions = lista requisitos ingreso admisión admision
command-also-nav-campaigns = eventos confirmaciones invitaciones
command-also-nav-outbox = cola pendientes sin conexión conexion esperando
command-also-nav-settings = preferencias opciones perfil conexión conexion clave
command-also-focus-search = encontrar buscar
command-also-new-individual = agregar visita sin cita consulta cliente prospecto
command-also-log-activity = llamada visita nota correo cita
command-also-export-search-csv = guardar hoja de cálculo calculo descargar
command-also-import-calls = teléfono telefono llamadas exportar registro perdidas ringcentral 3cx
command-also-export-weekly-report = informe reporte semanal pdf imprimir reunión reunion ocupación ocupacion embudo
command-also-log-outcome = resultado seguimiento siguiente paso
command-also-close-lost = perdido cerrar competencia perder
command-also-schedule-tour = visita recorrido agendar mostrar cita
command-also-start-move-in = ingreso admitir contrato unidad
command-also-draft-message = correo texto mensaje sms llamada teléfono telefono carta escribir plantilla
command-also-help = guía guia manual acerca versión version
command-also-check-for-updates = actualizar actualización actualizacion nueva versión version instalar
portal-label-training = CAPACITACIÓN · { $profile } (portal { $portal })
cli-label-training = CAPACITACIÓN · { $label }

## The command line's failures and what its commands report (stop 80)
cli-portal-not-read = no se pudo leer el portal: { $error }
cli-copy-not-read = la copia sin conexión no se lee: { $error }
cli-copy-not-synced = no se pudo poner al día la copia sin conexión: { $problem }
cli-portal-not-reached = no se pudo llegar al portal: { $error }
cli-copy-sync-too-long = la sincronización de la copia sin conexión tardó más de una hora
cli-copy-unreadable = no se pudo leer la copia sin conexión: { $error }
cli-copy-not-whole = la copia sin conexión aún no tiene lo que dijo cada familia (falta su primer llenado, o las palabras más antiguas aún están por llegar)
cli-no-portal-read = no se pudo leer ningún portal ({ $portal }: { $why })
cli-sandbox-not-started = el sandbox integrado no se inició: { $error }
cli-file-not-read = no se puede leer { $name }: { $error }
cli-file-too-large = { $name } pasa de { $megabytes } MB: divídalo
cli-no-phone-numbers = las personas del portal no tienen números de teléfono a los que llamar
cli-bad-channel = --channel debe ser call, text, email o letter{ $all ->
        [yes] { " " }(o all)
       *[no] { "" }
    }, no { $text }
cli-bad-moment = { $option } debe ser un momento como 2026-11-28T19:30:00-05:00 o 2026-11-28T19:30, no { $text }
cli-bad-case = --case debe ser un número de caso, no { $text }
cli-no-such-case = no hay un caso { $case } en { $portal }
cli-case-not-read = no se pudo leer el caso { $case }: { $error }
cli-not-in-case = la persona { $id } no está en el caso { $case }
cli-case-empty = el caso { $case } no tiene a nadie
cli-activities-not-read = no se pudieron leer las actividades del caso: { $error }
cli-addresses-not-read = no se pudieron leer las direcciones de la persona: { $error }
cli-types-not-read = no se pudieron leer los tipos de actividad del portal: { $error }
cli-no-preference-type = este portal no tiene un tipo de actividad con que registrar una preferencia
cli-opt-out-not-logged = no se pudo registrar la baja: { $error }
cli-opt-out-logged = Registrado en el caso { $case } como la actividad { $activity }: { $description }{ "\u000A" }
cli-no-stop-replies = { $count ->
        [one] 1 mensaje leído
       *[other] { GROUPED($count) } mensajes leídos
    }; ninguno es una respuesta de baja: no se registró nada.{ "\u000A" }
cli-opt-outs-stopped = { GROUPED($logged) } bajas registradas, y luego la de la línea { $line } no se pudo: { $error }
cli-stop-replies-read = { $count ->
        [one] 1 mensaje leído
       *[other] { GROUPED($count) } mensajes leídos
    }, { $stops ->
        [one] 1 respuesta de baja
       *[other] { GROUPED($stops) } respuestas de baja
    }: { $logged ->
        [one] 1 baja registrada
       *[other] { GROUPED($logged) } bajas registradas
    } ahora, { $already } ya registradas.{ "\u000A" }
cli-stop-replies-unknown = { $count ->
        [one] 1 de un número que ningún caso tiene
       *[other] { GROUPED($count) } de números que ningún caso tiene
    } ({ $count ->
        [one] línea
       *[other] líneas
    } { GROUPED($lines) }).{ "\u000A" }
cli-stop-replies-several = { $count ->
        [one] 1 de un número que está en varios casos
       *[other] { GROUPED($count) } de números que están en varios casos
    }, sin registrar: resuélvalos a mano ({ $count ->
        [one] línea
       *[other] líneas
    } { GROUPED($lines) }).{ "\u000A" }
cli-profile-or-url = indique --profile o bien --base-url con --portal, no ambos
cli-url-and-portal = --base-url y --portal van juntos
cli-key-in-environment = ponga la clave de suscripción en la variable de entorno { $variable }
cli-bad-portal = --portal debe ser un número de portal, no { $text }
cli-training-key-live = esta es una clave de capacitación: abre el servidor de capacitación de una clase, nunca el servicio real
cli-sign-in-failed = no se pudo iniciar sesión: { $error }
cli-bad-date = { $option } debe ser una fecha escrita AAAA-MM-DD, no { $text }
cli-date-out-of-range = { $option } debe ser una fecha de 1900 a 2200, no { $text }
cli-out-not-a-file = --out debe nombrar un archivo, no { $text }
cli-no-such-folder = la carpeta { $folder } no existe
cli-out-not-a-folder = --out debe nombrar una carpeta que exista, no { $text }
cli-region-no-connection = report region lee todas las conexiones guardadas (o los dos portales de demostración del sandbox): no indique --profile, --base-url ni --portal
cli-no-partners = el portal no tiene socios de referencia: marque una fuente pagada en Configuración, o dé a una persona Referral Source la fuente de mercado del socio
cli-no-profiles = no hay un perfil guardado llamado { $name } (guardados: ninguno)
cli-no-such-profile = no hay un perfil guardado llamado { $name } (guardados: { GROUPED($saved) })
cli-keyring-unreadable = no se pudo leer el llavero para { $name } ({ $error }): desbloquee el llavero de su escritorio (o defina { $variable }) y vuelva a ejecutar
cli-no-key = no hay clave de suscripción para { $name }: guárdela en la Configuración de la aplicación o defina { $variable }
score-check-head = Puntaje de ingreso, { $portal } al { $day }: { GROUPED($scored) } clientes activos con puntaje; ajustado con { GROUPED($fitted) } clientes de días pasados, de los cuales { $rate } ingresaron en 90 días.{ "\u000A" }
score-check-too-short = Sin comprobación: el pasado anterior a los últimos seis meses es demasiado corto para ajustar.{ "\u000A" }
score-check-held-out = Reservados: clientes del { $from } al { $to }, con puntaje de un ajuste con los { GROUPED($fitted) } anteriores; { $rate } ingresaron en 90 días.{ "\u000A" }{ "\u000A" }| Décimo | Clientes | Previsto | Ingresaron |{ "\u000A" }|---|---|---|---|{ "\u000A" }
score-check-lift = { "\u000A" }El décimo más alto ingresó { $lift } veces más a menudo que el promedio de los clientes reservados.{ "\u000A" }
cli-runtime-not-started = el entorno asíncrono no se inició: { $error }
cli-bad-renderer = { $option } debe ser auto, wgpu, gl o glow, no { $text }
cli-pdf-needs-out = un PDF se escribe en un archivo: indique --out ARCHIVO
cli-bad-zone = --zone debe ser una zona horaria como America/Chicago, no { $text }
cli-file-too-big = { $name } es demasiado grande: divídalo
cli-training-needs-class = la capacitación necesita el --base-url de la clase, el --portal del instructor y la clave del instructor en { $variable }

cli-calls-several = { $count ->
    [one] 1 número está
   *[other] { GROUPED($count) } números están
  } en más de un caso (no se registraron):
cli-calls-several-line = { "  " }{ $number }: líneas { GROUPED($lines) }
cli-calls-unmatched = { $count ->
    [one] 1 número no coincide
   *[other] { GROUPED($count) } números no coinciden
  } con nadie (créelos con Nueva persona):
cli-calls-unmatched-line = { "  " }{ $number }: { $calls ->
    [one] 1 llamada
   *[other] { GROUPED($calls) } llamadas
  }, { GROUPED($inbound) } entrantes (primera en la línea { $line })
cli-calls-no-missed = Ninguna llamada perdida espera respuesta.
cli-calls-missed = { $count ->
    [one] 1 llamada perdida espera
   *[other] { GROUPED($count) } llamadas perdidas esperan
  } respuesta:
cli-calls-missed-line = { "  " }{ $case } { $lead } ({ $who } desde { $number }) el { $at }
cli-calls-no-type = el portal no tiene un tipo de actividad para { $which }: agregue uno en las listas de tipos del portal
cli-calls-service-failed = { $error } (antes se registraron { GROUPED($logged) } llamadas; importar el archivo de nuevo registra el resto, ninguna dos veces)

## Where a sync is (the status bar, Settings)
sync-step-units = Sincronizando unidades y contratos
sync-step-lists = Sincronizando listas, usuarios y campañas
sync-step-members = Sincronizando miembros de campañas
sync-step-cases = Sincronizando casos: página { $page } de { GROUPED($pages) }
sync-step-changed-cases = Sincronizando casos cambiados: { GROUPED($done) } de { GROUPED($count) }
sync-step-new-cases = Sincronizando casos nuevos: { GROUPED($done) } de { GROUPED($count) }
sync-step-changed-activities = Sincronizando actividades cambiadas desde la última sincronización
sync-step-activities = Sincronizando actividades: { GROUPED($done) } de { $months } meses
sync-step-older-words = Leyendo lo que las familias dijeron antes sobre ser contactadas
sync-step-checklists = Sincronizando listas de admisión: { GROUPED($done) } de { GROUPED($count) }

sync-connection-changed = mientras tanto se eligió otra conexión

## Why the offline copy is kept for this run only, set aside, or in trouble (Settings, the status bar)
copy-not-kept-no-folder = no hay carpeta de datos
copy-not-kept-not-wanted = su perfil no guarda una: márquelo al editar el perfil
copy-not-kept-no-keyring = esta computadora no tiene un llavero para guardar su clave
copy-not-kept-keyring-unreadable = no se pudo leer el llavero, así que no se conoce la clave de la copia: no se cambió nada de lo guardado en esta computadora
copy-not-kept-key-missing = falta la clave de esta computadora para ella, y { $count ->
        [one] 1 cambio guardado no se puede abrir
       *[other] { GROUPED($count) } cambios guardados no se pueden abrir
    } sin ella (Bandeja de salida)
copy-not-kept-no-key-made = no se pudo crear una clave
copy-not-kept-key-refused = el llavero rechazó su clave
copy-not-kept-outbox-rolled-back = su archivo de la bandeja de salida es más antiguo que el último que escribió esta computadora, así que se apartó sin enviar (puede tener cambios ya enviados)
copy-not-kept-outbox-unopened = no se pudo abrir su archivo de la bandeja de salida
copy-not-kept-file-unopened = no se pudo abrir su archivo
copy-not-kept-removed = se quitó de esta computadora
copy-set-aside-damaged = La copia sin conexión de esta computadora estaba dañada, así que se apartó y se está llenando de nuevo desde el servicio. Los cambios que esperan su envío se guardan aparte y no se tocaron.
copy-set-aside-damaged-kept = La copia sin conexión de esta computadora estaba dañada, así que se apartó (guardada como { $file }) y se está llenando de nuevo desde el servicio. Los cambios que esperan su envío se guardan aparte y no se tocaron.
copy-set-aside-other-origin = La copia sin conexión de este perfil se llenó desde otro servicio o portal que el que nombra ahora, así que se apartó (guardada junto a la nueva, por 30 días) con los cambios que tenía sin enviar: nada de ella se muestra ni se envía aquí. La copia se está llenando de nuevo desde el servicio.
copy-unsent-before-remove = ⚠ { $count ->
        [one] 1 cambio guardado no se ha enviado
       *[other] { GROUPED($count) } cambios guardados no se han enviado
    }: envíelos, o confirme que los descarta, antes de quitar la copia sin conexión
copy-not-removed = ⚠ No se pudo quitar la copia sin conexión: { $error }
status-copy-problem = ⚠ copia sin conexión

## Why an update was not taken
update-refusal-no-key = este LeaseDesk se compiló sin una clave de actualización, así que no puede buscar actualizaciones; su departamento de TI instala las versiones nuevas
update-refusal-plain-http = la fuente de actualizaciones { $address } es una dirección http:// simple; LeaseDesk lee actualizaciones solo por https:// (o desde esta computadora). Pida a TI la dirección https
update-refusal-not-an-address = la dirección de la fuente de actualizaciones { $address } no es una dirección web (https://…)
update-refusal-unreadable = no se pudo leer la fuente de actualizaciones ({ $why }); no se descargó nada
update-refusal-bad-signature = la firma de la fuente de actualizaciones no se verifica con la clave de actualización de LeaseDesk: se cambió o no es de su TI. No se descargó nada; avise a TI
update-refusal-expired = la fuente de actualizaciones venció el { $on } (UTC): puede haber sido retenida. No se descargó nada; pida a TI que la publique de nuevo
update-refusal-replayed = la fuente de actualizaciones es la número { $sequence }, anterior a la número { GROUPED($seen) } leída antes: se envió de nuevo una fuente vieja. No se descargó nada; avise a TI
update-refusal-other-product = la fuente de actualizaciones es para { $product }, no para LeaseDesk; no se descargó nada
update-refusal-older = la fuente de actualizaciones ofrece la versión { GROUPED($offered) }, anterior a este LeaseDesk ({ $current }); nunca se instala una versión anterior
update-refusal-nothing-here = la versión { $version } no tiene instalador para este sistema en la fuente; pregunte a TI
update-refusal-hash-mismatch = el instalador descargado de la versión { $version } no coincide con la fuente firmada (su SHA-256 es distinto); se borró y no se instalará. Avise a TI
update-refusal-too-large = la descarga de la versión { $version } es más grande de lo que dice la fuente firmada; se detuvo y se borró
update-refusal-download = no se pudo descargar el instalador de la versión { $version }: { $reason }
update-refusal-disk = no se pudo guardar la actualización descargada: { $why }
update-unreached-redirected = redirigió a una dirección que no es https:// (o demasiadas veces); no se leyó nada de allí
update-unreached-timed-out = no respondió a tiempo
update-unreached-not-reached = no se pudo llegar a ella
update-unreached-connection-failed = la conexión falló
update-unreached-answered = el servidor respondió { $status }
update-unreached-too-long = tardó más de 30 minutos; se detuvo y se borró
update-unreached-no-folder = no hay una carpeta de datos donde descargar
update-feed-too-large = es más grande que una fuente
update-feed-not-a-feed = no es una fuente de actualizaciones de LeaseDesk
update-feed-manifest = LeaseDesk no lee su manifiesto firmado
update-feed-version = su versión no es una versión
update-feed-installer = LeaseDesk no lee su entrada de instalador
update-feed-expiry = su vencimiento no es una fecha y hora
cli-no-community-named = ninguna comunidad tiene el nombre único { $name } (las que hay: { GROUPED($known) })
cli-report-service-failed = no se pudo leer el servicio: { $error }
region-short-of-base = Por debajo de { $short } de las { $measured } referencias con que puede medirse esta comunidad.
region-short-of-named = Por debajo de { $short } de las { $measured } referencias con que puede medirse esta comunidad: { $names }.
region-not-measured = Sin medir (aún no hay nada que contar): { $names }.
duplicate-same-email = mismo correo electrónico
duplicate-same-phone = mismo teléfono
duplicate-same-name = mismo nombre
duplicate-swapped-name = mismo nombre, con nombre y apellido invertidos
plan-name-new-lead = Cliente potencial nuevo
plan-name-after-tour = Después de una visita
plan-name-gone-quiet = Sin respuesta
draft-no-type = Elija un tipo de actividad
draft-no-who = Elija para quién es la actividad
draft-bad-date = La fecha debe ser un día como { $example } (se escribió { $text })
draft-bad-start-time = La hora de inicio debe escribirse como { $example } o 14:30 (se escribió { $text })
draft-bad-end-time = La hora de fin debe escribirse como { $example } o 14:30 (se escribió { $text })
draft-end-before-start = La hora de fin no puede ser anterior a la de inicio
draft-bad-completed-at = "Completada el" debe ser un día y una hora como Nov 21, 2026 2:30 pm (se escribió { $text })
draft-incomplete = El formulario está incompleto
draft-no-such-start = Esa hora de inicio no existe ese día (cambio de horario)
tour-problem-community = Comunidad: elija la comunidad que se visitará
tour-problem-day = Fecha: elija el día de la visita
tour-problem-time = Hora: elija la hora de la visita
tour-problem-guide = Asignada a: elija quién da la visita
tour-problem-no-such-time = Hora: esa hora no existe ese día (cambio de horario)
referral-known-since = Conocida desde el { $day } en { $community }: puede que no se deba la comisión de referencia
referral-known-since-via = Conocida desde el { $day } por { $source } en { $community }: puede que no se deba la comisión de referencia
cli-replies-not-read = { $name }: { $problem }
cli-replies-too-big = pesa más de { $mb } MB: divídalo
cli-replies-no-header = no tiene línea de encabezado: { $detail }
cli-replies-no-column = línea 1: necesita las columnas from, at y text (falta { $name })
cli-replies-bad-line = línea { $line }: { $detail }
cli-replies-too-many = tiene más de { GROUPED($most) } mensajes: divídalo
cli-replies-cell-too-long = línea { $line }: una celda tiene más de { GROUPED($most) } caracteres
cli-replies-bad-time = línea { $line }: at debe ser una hora como 2026-11-20 15:04 o 2026-11-20T15:04:00-05:00, no { $text }
cli-replies-no-sender = línea { $line }: from está vacío
portal-name-sandbox = Portal de demostración (sandbox integrado)
portal-name-second-sandbox = Portal de demostración Harbor Light (sandbox integrado)
address-primary = Principal
address-secondary = Secundaria
tour-their-day-of-undated = El día de { $name }
tour-their-day-undated = Su día
tour-choose-a-day = Sus actividades se muestran cuando el día sea uno del calendario.
benchmark-by-occupancy = NIC MAP, 31 mercados principales (solo vivienda asistida: 87.7%)
benchmark-by-inquiry-to-tour = Bild & Co, 18 estados, de clientes potenciales nuevos a visita
benchmark-by-bild = Bild & Co, 18 estados
benchmark-by-days-to-move-in = Senior Housing News
benchmark-by-first-contact = norma para socios de A Place for Mom
benchmark-by-moves = NIC MAP, vivienda asistida
benchmark-when-occupancy = 4.º trimestre de 2025
benchmark-when-days-to-move-in = marzo de 2023
benchmark-when-moves = diciembre de 2025
