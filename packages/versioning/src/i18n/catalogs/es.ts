/** Spanish: DRF's own translations; the namespace and host messages follow them. */
export const es: Readonly<Record<string, string>> = Object.freeze({
  'A server error occurred.': 'Se ha producido un error en el servidor.',
  'Not found.': 'No encontrado.',
  'Method "%(method)s" not allowed.': 'Método "%(method)s" no permitido.',
  'Could not satisfy the request Accept header.':
    'No se ha podido satisfacer la solicitud de cabecera de Accept.',
  "Invalid HTTP_HOST header: '%(host)s'.": "Cabecera HTTP_HOST inválida: '%(host)s'.",
  'Invalid version in "Accept" header.': 'Versión inválida en la cabecera "Accept".',
  'Invalid version in URL path.': 'Versión inválida en la ruta de la URL.',
  'Invalid version in URL path. Does not match any version namespace.':
    'Versión inválida en la ruta de la URL. No coincide con ningún espacio de nombres de versión.',
  'Invalid version in hostname.': 'Versión inválida en el nombre de host.',
  'Invalid version in query parameter.': 'Versión inválida en el parámetro de consulta.',
  'Invalid version in "%(header)s" header.': 'Versión inválida en la cabecera "%(header)s".',
  'The request asks for more than one version: %(versions)s.':
    'La solicitud pide más de una versión: %(versions)s.',
  'Malformed request.': 'Solicitud con formato incorrecto.',
  'Version "%(version)s" is no longer available.': 'La versión "%(version)s" ya no está disponible.',
  'Not available in version "%(version)s".': 'No disponible en la versión "%(version)s".',
  'JSON parse error - %(detail)s': 'Error de análisis JSON - %(detail)s',
  'Unsupported media type "%(media_type)s" in request.':
    'Tipo de medio "%(media_type)s" incompatible en la solicitud.',
  'Request body too large: more than %(limit)s bytes.':
    'Cuerpo de la solicitud demasiado grande: más de %(limit)s bytes.',
  'Invalid request body.': 'Cuerpo de la solicitud no válido.',
  'A version is required.': 'Se requiere una versión.',
  'Invalid version "%(version)s": expected a date like 2024-01-31.':
    'Versión "%(version)s" no válida: se esperaba una fecha como 2024-01-31.',
  'Invalid version "%(version)s": expected a version like 1.2.':
    'Versión "%(version)s" no válida: se esperaba una versión como 1.2.',
  'The response of route "%(route)s" does not match its response schema in version "%(version)s".':
    'La respuesta de la ruta "%(route)s" no coincide con su esquema de respuesta en la versión "%(version)s".',
  'The response of route "%(route)s" does not match its response schema.':
    'La respuesta de la ruta "%(route)s" no coincide con su esquema de respuesta.',
  'Version "%(version)s" is unavailable during a scheduled brownout before its sunset.':
    'La versión "%(version)s" no está disponible durante un apagón programado previo a su retirada.',
});
