/** Simplified Chinese: DRF's own translations; the host message follows them. */
export const zhHans: Readonly<Record<string, string>> = Object.freeze({
  'A server error occurred.': '服务器出现了错误。',
  'Not found.': '未找到。',
  'Method "%(method)s" not allowed.': '方法 “%(method)s” 不被允许。',
  'Could not satisfy the request Accept header.': '无法满足Accept HTTP头的请求。',
  "Invalid HTTP_HOST header: '%(host)s'.": "HTTP_HOST头包含无效的主机：'%(host)s'。",
  'Invalid version in "Accept" header.': '“Accept” HTTP头包含无效版本。',
  'Invalid version in URL path.': 'URL路径包含无效版本。',
  'Invalid version in URL path. Does not match any version namespace.':
    '在URL路径中发现无效的版本。无法匹配任何的版本命名空间。',
  'Invalid version in hostname.': '主机名包含无效版本。',
  'Invalid version in query parameter.': '请求参数里包含无效版本。',
  'Invalid version in "%(header)s" header.': '“%(header)s” HTTP头包含无效版本。',
  'The request asks for more than one version: %(versions)s.': '请求指定了多个版本：%(versions)s。',
  'Malformed request.': '错误的请求。',
  'Version "%(version)s" is no longer available.': '版本 “%(version)s” 已不再可用。',
  'Not available in version "%(version)s".': '在版本 “%(version)s” 中不可用。',
  'JSON parse error - %(detail)s': 'JSON 解析错误 - %(detail)s',
  'Unsupported media type "%(media_type)s" in request.': '不支持请求中的媒体类型 “%(media_type)s”。',
  'Request body too large: more than %(limit)s bytes.': '请求体过大：超过 %(limit)s 字节。',
  'Invalid request body.': '无效的请求体。',
  'A version is required.': '必须指定版本。',
  'Invalid version "%(version)s": expected a date like 2024-01-31.':
    '无效的版本 “%(version)s”：应为类似 2024-01-31 的日期。',
  'Invalid version "%(version)s": expected a version like 1.2.':
    '无效的版本 “%(version)s”：应为类似 1.2 的版本。',
  'The response of route "%(route)s" does not match its response schema in version "%(version)s".':
    '路由 "%(route)s" 的响应与其在版本 "%(version)s" 中的响应模式不符。',
  'The response of route "%(route)s" does not match its response schema.':
    '路由 "%(route)s" 的响应与其响应模式不符。',
  'Version "%(version)s" is unavailable during a scheduled brownout before its sunset.':
    '版本 “%(version)s” 在停用前的计划性暂停期间不可用。',
});
