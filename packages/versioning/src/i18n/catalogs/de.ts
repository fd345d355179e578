/** German: DRF's own translations; the host message follows them. */
export const de: Readonly<Record<string, string>> = Object.freeze({
  'A server error occurred.': 'Ein Serverfehler ist aufgetreten.',
  'Not found.': 'Nicht gefunden.',
  'Method "%(method)s" not allowed.': 'Methode "%(method)s" nicht erlaubt.',
  'Could not satisfy the request Accept header.': 'Kann die Accept Kopfzeile der Anfrage nicht erfüllen.',
  "Invalid HTTP_HOST header: '%(host)s'.": "Ungültige HTTP_HOST-Kopfzeile: '%(host)s'.",
  'Invalid version in "Accept" header.': 'Ungültige Version in der "Accept" Kopfzeile.',
  'Invalid version in URL path.': 'Ungültige Version im URL-Pfad.',
  'Invalid version in URL path. Does not match any version namespace.':
    'Ungültige Version im URL-Pfad. Entspricht keinem Versions-Namensraum.',
  'Invalid version in hostname.': 'Ungültige Version im Hostname.',
  'Invalid version in query parameter.': 'Ungültige Version im Anfrageparameter.',
  'Invalid version in "%(header)s" header.': 'Ungültige Version in der "%(header)s" Kopfzeile.',
  'The request asks for more than one version: %(versions)s.':
    'Die Anfrage verlangt mehr als eine Version: %(versions)s.',
  'Malformed request.': 'Fehlerhafte Anfrage.',
  'Version "%(version)s" is no longer available.': 'Version "%(version)s" ist nicht mehr verfügbar.',
  'Not available in version "%(version)s".': 'In Version "%(version)s" nicht verfügbar.',
  'JSON parse error - %(detail)s': 'JSON-Parse-Fehler - %(detail)s',
  'Unsupported media type "%(media_type)s" in request.':
    'Nicht unterstützter Medientyp "%(media_type)s" in der Anfrage.',
  'Request body too large: more than %(limit)s bytes.': 'Anfrageinhalt zu groß: mehr als %(limit)s Bytes.',
  'Invalid request body.': 'Ungültiger Anfrageinhalt.',
  'A version is required.': 'Eine Version ist erforderlich.',
  'Invalid version "%(version)s": expected a date like 2024-01-31.':
    'Ungültige Version "%(version)s": erwartet wird ein Datum wie 2024-01-31.',
  'Invalid version "%(version)s": expected a version like 1.2.':
    'Ungültige Version "%(version)s": erwartet wird eine Version wie 1.2.',
  'The response of route "%(route)s" does not match its response schema in version "%(version)s".':
    'Die Antwort der Route "%(route)s" entspricht nicht ihrem Antwortschema in Version "%(version)s".',
  'The response of route "%(route)s" does not match its response schema.':
    'Die Antwort der Route "%(route)s" entspricht nicht ihrem Antwortschema.',
  'Version "%(version)s" is unavailable during a scheduled brownout before its sunset.':
    'Version "%(version)s" ist während einer geplanten Abschaltung vor ihrem Ablaufdatum nicht verfügbar.',
});
