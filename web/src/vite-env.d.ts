declare const __APP_VERSION__: string
declare const __BUILD_TIMESTAMP__: string
