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
   *[other] { $count } solicitudes en curso
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
outbox-waiting = Bandeja de salida: { $count } en espera
top-sandbox = Sandbox · datos de demostración
top-training = FORMACIÓN · un portal de práctica: aquí no hay familias reales y nada cuenta en las cifras reales
top-reminders = Recordatorios
top-reminders-unseen = Recordatorios ({ $count })
top-reminders-means = El número cuenta los recordatorios de esta lista que llegaron desde que la abrió por última vez; un cliente nuevo al que ya contactó sale de ella.
top-reminders-more = … y { $count } más (Mi día lista cada cliente nuevo; el Calendario cada tarea)
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
outbox-waiting-refused = Bandeja de salida: { $count } en espera, { $refused } rechazados
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
cal-list-all = Mis actividades
cal-list-overdue = Mis vencidas
cal-list-due = Mis abiertas, no vencidas
cal-list-due-today = Mis abiertas, para hoy
cal-list-due-week = Mis abiertas, para esta semana
cal-list-history = Mis hechas o cerradas
cal-list-everyone = Las actividades de todos
cal-list-other = Otra lista
myday-overdue = ⚠ Vencidas ({ $count })
myday-nothing-overdue = Nada vencido.
myday-overdue-not-listed = { $count } de ellas no se listan: los días de todos listan las primeras { $per_day } tareas de cada día; elija una persona o una comunidad para ver el resto.
myday-due-today = Para hoy ({ $count })
myday-nothing-else-due = Nada más para hoy.
myday-upcoming-tours = Próximas visitas, en los siguientes { $days } días ({ $count })
myday-no-tours = No hay visitas reservadas.
myday-followed-up = Con seguimiento aquí ({ $count })
myday-show-fewer = Mostrar menos
myday-show-all = Mostrar las { $count }
myday-log-outcome = Resultado…
myday-new-leads = Clientes potenciales nuevos ({ $count })
myday-all-contacted = Ya se contactó a todos sus clientes potenciales nuevos.
myday-open-case = Abrir el caso
myday-log-first-contact = Primer contacto…
myday-lost = Perdido…
myday-lost-hint = Cerrar a { $name } como perdido, con un motivo
myday-needs-next-step = Necesita un próximo paso ({ $count })
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
myday-missed-calls = Llamadas perdidas ({ $count })
myday-missed-calls-everyone = Llamadas perdidas, de todos ({ $count })
myday-no-missed-calls = Ninguna llamada perdida espera respuesta.
myday-reading-calls = Leyendo las llamadas…
myday-call-back = Devolver llamada…
myday-log-call-back = Registrar devolución…
myday-plan-steps = Pasos del plan ({ $count })
myday-no-plan-steps = No vence ningún paso de un plan de seguimiento.
myday-reading-plans = Leyendo los planes…
cal-overdue-count = ⚠ { $count } vencidas

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
search-showing = Se muestran { $served } de { $total } casos
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
admissions-progress = { $met } de { $total } cumplidos

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
