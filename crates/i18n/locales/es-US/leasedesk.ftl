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
nav-plugin = Punto de conexión del complemento
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
   *[other] { $count } clientes potenciales nuevos esperan una primera llamada
}
status-new-leads-short = { $count ->
    [one] 1 cliente potencial nuevo en espera
   *[other] { $count } clientes potenciales nuevos en espera
}
status-new-leads-hint = { $count ->
    [one] 1 cliente potencial nuevo espera una primera llamada: abrir Mi día
   *[other] { $count } clientes potenciales nuevos esperan una primera llamada: abrir Mi día
}
outbox-waiting = Bandeja de salida: { $count } en espera

## Cerrar un diálogo con algo escrito

close-lose-typed = ¿Cerrar y perder lo que escribió?
close-keep-editing = Seguir editando
close-discard = Descartar

## Configuración: el idioma

settings-language = Idioma
settings-language-system = Como el sistema ({ $language })
settings-language-hint = Todas las pantallas cambian al instante, sin reiniciar. Las que aún no están traducidas siguen en inglés.
