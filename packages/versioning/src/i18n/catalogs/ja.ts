/** Japanese: DRF's own translations; the namespace and host messages follow them. */
export const ja: Readonly<Record<string, string>> = Object.freeze({
  'A server error occurred.': 'サーバエラーが発生しました。',
  'Not found.': '見つかりませんでした。',
  'Method "%(method)s" not allowed.': 'メソッド "%(method)s" は許されていません。',
  'Could not satisfy the request Accept header.': 'リクエストのAcceptヘッダを満たすことができませんでした。',
  "Invalid HTTP_HOST header: '%(host)s'.": "HTTP_HOSTヘッダ '%(host)s' が不正です。",
  'Invalid version in "Accept" header.': '"Accept" 内のバージョンが不正です。',
  'Invalid version in URL path.': 'URLパス内のバージョンが不正です。',
  'Invalid version in URL path. Does not match any version namespace.':
    'URLパス内のバージョンが不正です。どのバージョンの名前空間にも一致しません。',
  'Invalid version in hostname.': 'ホスト名内のバージョンが不正です。',
  'Invalid version in query parameter.': 'クエリパラメータ内のバージョンが不正です。',
  'Invalid version in "%(header)s" header.': '"%(header)s" ヘッダ内のバージョンが不正です。',
  'The request asks for more than one version: %(versions)s.':
    'リクエストが複数のバージョンを指定しています：%(versions)s。',
  'Malformed request.': '不正な形式のリクエストです。',
  'Version "%(version)s" is no longer available.': 'バージョン "%(version)s" は利用できなくなりました。',
  'Not available in version "%(version)s".': 'バージョン "%(version)s" では利用できません。',
  'JSON parse error - %(detail)s': 'JSON の解析エラー - %(detail)s',
  'Unsupported media type "%(media_type)s" in request.':
    'リクエストのメディアタイプ "%(media_type)s" はサポートされていません。',
  'Request body too large: more than %(limit)s bytes.':
    'リクエストボディが大きすぎます: %(limit)s バイトを超えています。',
  'Invalid request body.': 'リクエストボディが不正です。',
  'A version is required.': 'バージョンの指定が必要です。',
  'Invalid version "%(version)s": expected a date like 2024-01-31.':
    '無効なバージョン "%(version)s"：2024-01-31 のような日付を指定してください。',
  'Invalid version "%(version)s": expected a version like 1.2.':
    '無効なバージョン "%(version)s"：1.2 のようなバージョンを指定してください。',
  'The response of route "%(route)s" does not match its response schema in version "%(version)s".':
    'ルート "%(route)s" のレスポンスがバージョン "%(version)s" のレスポンススキーマに一致しません。',
  'The response of route "%(route)s" does not match its response schema.':
    'ルート "%(route)s" のレスポンスがレスポンススキーマに一致しません。',
  'Version "%(version)s" is unavailable during a scheduled brownout before its sunset.':
    'バージョン "%(version)s" は、廃止前の計画的な一時停止中のため利用できません。',
});
