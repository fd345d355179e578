/** Brazilian Portuguese: DRF's own translations; the host message follows them. */
export const ptBR: Readonly<Record<string, string>> = Object.freeze({
  'A server error occurred.': 'Ocorreu um erro de servidor.',
  'Not found.': 'Não encontrado.',
  'Method "%(method)s" not allowed.': 'Método "%(method)s" não é permitido.',
  'Could not satisfy the request Accept header.':
    'Não foi possível satisfazer a requisição do cabeçalho Accept.',
  "Invalid HTTP_HOST header: '%(host)s'.": "Cabeçalho HTTP_HOST inválido: '%(host)s'.",
  'Invalid version in "Accept" header.': 'Versão inválida no cabeçalho "Accept".',
  'Invalid version in URL path.': 'Versão inválida no caminho de URL.',
  'Invalid version in URL path. Does not match any version namespace.':
    'Versão inválida no caminho da URL. Não corresponde a nenhuma versão do namespace.',
  'Invalid version in hostname.': 'Versão inválida no hostname.',
  'Invalid version in query parameter.': 'Versão inválida no parâmetro de query.',
  'Invalid version in "%(header)s" header.': 'Versão inválida no cabeçalho "%(header)s".',
  'The request asks for more than one version: %(versions)s.':
    'A requisição pede mais de uma versão: %(versions)s.',
  'Malformed request.': 'Requisição malformada.',
  'Version "%(version)s" is no longer available.': 'A versão "%(version)s" não está mais disponível.',
  'Not available in version "%(version)s".': 'Não disponível na versão "%(version)s".',
  'JSON parse error - %(detail)s': 'Erro de análise do JSON - %(detail)s',
  'Unsupported media type "%(media_type)s" in request.': 'Tipo de mídia "%(media_type)s" não é suportado.',
  'Request body too large: more than %(limit)s bytes.':
    'Corpo da requisição grande demais: mais de %(limit)s bytes.',
  'Invalid request body.': 'Corpo da requisição inválido.',
  'A version is required.': 'É necessário informar uma versão.',
  'Invalid version "%(version)s": expected a date like 2024-01-31.':
    'Versão "%(version)s" inválida: esperava-se uma data como 2024-01-31.',
  'Invalid version "%(version)s": expected a version like 1.2.':
    'Versão "%(version)s" inválida: esperava-se uma versão como 1.2.',
  'The response of route "%(route)s" does not match its response schema in version "%(version)s".':
    'A resposta da rota "%(route)s" não corresponde ao seu esquema de resposta na versão "%(version)s".',
  'The response of route "%(route)s" does not match its response schema.':
    'A resposta da rota "%(route)s" não corresponde ao seu esquema de resposta.',
  'Version "%(version)s" is unavailable during a scheduled brownout before its sunset.':
    'A versão "%(version)s" está indisponível durante uma interrupção programada antes de sua desativação.',
});
