"""Web sunucusunun Türkçe söyledikleri: ``WEB`` (ICU kalıpları, ``tr.STRINGS``'in parçası)."""

WEB = {
    "web.error.wrong_host": (
        "Bu sunucu bu adreste yanıt vermez. Düzenleyicinin terminalinde yazan adresi açın."
    ),
    "web.error.cross_site": (
        "Başka bir sitenin sayfasından gelen istekler reddedilir. Bu sunucunun kendi sayfasını "
        "açın."
    ),
    "web.error.token_required": (
        "Bu sunucu erişim kodunu istiyor: düzenleyicinin terminalinde yazan kodu girin."
    ),
    "web.error.busy": ("Sunucu başka dosyalarla meşgul. Birkaç saniye sonra yeniden deneyin."),
    "web.error.slow_upload": (
        "Dosya {seconds} saniye içinde gelmedi ve bırakıldı. Yeniden deneyin."
    ),
    "web.error.too_large": "Dosya {mb} MB’tan büyük.",
    "web.error.not_multipart": (
        "Çalışma kitabını multipart/form-data olarak, “file” alanında gönderin."
    ),
    "web.error.bad_form": "Gönderilen form okunamadı. Çalışma kitabını yeniden seçin.",
    "web.error.no_file": "Çalışma kitabı gelmedi: formun “file” alanında gönderin.",
    "web.error.bad_language": "Dil (lang) şunlardan biri olmalı: {codes}.",
    "web.error.bad_players": "Oyuncu sayısı (players) 1 ile {most} arasında bir tam sayı olmalı.",
    "web.error.bad_rounds": "Tur sayısı (rounds) 1 ile {most} arasında bir tam sayı olmalı.",
    "web.error.bad_round": "Oturtulacak tur (round) 1 ile {most} arasında bir tam sayı olmalı.",
    "web.error.bad_method": "Oturma yöntemi (method) random ya da swiss olmalı.",
    "web.error.bad_seed": "Tohum (seed) 0 ile {most} arasında bir tam sayı olmalı.",
    "web.error.template_too_large": (
        "Oyuncular × (turlar + 1) en çok {rows} olabilir. Daha büyük bir turnuva için komut "
        "satırını kullanın: xlsx-scorer template."
    ),
    "web.error.bad_format": (
        "Biçim şunlardan biri olmalı: {formats}"
        " (kendi biçim dosyanız için komut satırında --format)."
    ),
    "web.error.bad_event": "Etkinlik adı en çok {most} yazdırılabilir karakter olabilir.",
    "web.error.client_disconnected": "Gönderim yarıda kesildi.",
    "web.error.not_found": "{path} adresinde bir şey yok.",
    "web.error.wrong_method": "{path}, {method} kabul etmez.",
    "web.error.internal_error": (
        "Beklenmeyen hata: {detail}. Hiçbir şey saklanmadı; sunucu çalışmaya devam ediyor."
    ),
    "web.log.run": (
        "{command} {file}: çıkış {exit}, {findings} bulgu, {games} oyun, {players} oyuncu, "
        "{seconds} sn"
    ),
    "web.log.refused": "Reddedildi: {method} {path}, {client} adresinden: {message}",
    "web.log.client_gone": "{method} {path}: tarayıcı yanıttan önce ayrıldı.",
    "web.log.internal_error": "{method} {path} isteğinde iç hata:",
    "web.log.warm_up_failed": "Motor hazırlanamadı:",
    "web.file.scored": "{name}_puanlanmış",
    "web.file.template": "şablon_{name}",
    "web.file.seated": "{name}_tur{round}",
}
