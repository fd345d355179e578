/** French: DRF's own translations; the namespace and host messages follow them. */
export const fr: Readonly<Record<string, string>> = Object.freeze({
  'A server error occurred.': 'Une erreur du serveur est survenue.',
  'Not found.': 'Pas trouvé.',
  'Method "%(method)s" not allowed.': 'Méthode "%(method)s" non autorisée.',
  'Could not satisfy the request Accept header.': "L'en-tête « Accept » n'a pas pu être satisfaite.",
  "Invalid HTTP_HOST header: '%(host)s'.": 'En-tête HTTP_HOST non valide : « %(host)s ».',
  'Invalid version in "Accept" header.': "Version non valide dans l'en-tête « Accept ».",
  'Invalid version in URL path.': "Version non valide dans l'URL.",
  'Invalid version in URL path. Does not match any version namespace.':
    "Version non valide dans l'URL. Ne correspond à aucun espace de noms de version.",
  'Invalid version in hostname.': "Version non valide dans le nom d'hôte.",
  'Invalid version in query parameter.': 'Version non valide dans le paramètre de requête.',
  'Invalid version in "%(header)s" header.': "Version non valide dans l'en-tête « %(header)s ».",
  'The request asks for more than one version: %(versions)s.':
    "La requête demande plus d'une version : %(versions)s.",
  'Malformed request.': 'Requête malformée.',
  'Version "%(version)s" is no longer available.': "La version « %(version)s » n'est plus disponible.",
  'Not available in version "%(version)s".': 'Non disponible dans la version « %(version)s ».',
  'JSON parse error - %(detail)s': 'Erreur d’analyse JSON - %(detail)s',
  'Unsupported media type "%(media_type)s" in request.': 'Type de média « %(media_type)s » non supporté.',
  'Request body too large: more than %(limit)s bytes.':
    'Corps de la requête trop volumineux : plus de %(limit)s octets.',
  'Invalid request body.': 'Corps de la requête invalide.',
  'A version is required.': 'Une version est requise.',
  'Invalid version "%(version)s": expected a date like 2024-01-31.':
    'Version « %(version)s » non valide : une date comme 2024-01-31 est attendue.',
  'Invalid version "%(version)s": expected a version like 1.2.':
    'Version « %(version)s » non valide : une version comme 1.2 est attendue.',
  'The response of route "%(route)s" does not match its response schema in version "%(version)s".':
    'La réponse de la route "%(route)s" ne correspond pas à son schéma de réponse dans la version "%(version)s".',
  'The response of route "%(route)s" does not match its response schema.':
    'La réponse de la route "%(route)s" ne correspond pas à son schéma de réponse.',
  'Version "%(version)s" is unavailable during a scheduled brownout before its sunset.':
    'La version « %(version)s » est indisponible pendant une coupure programmée avant son retrait.',
});
