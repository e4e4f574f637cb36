"""Verify and decrypt an S-100 Part 15 protected exchange set with Python's standard library and `cryptography`.

Usage: python3 verify_and_decrypt.py SET.zip SCHEME_ADMINISTRATOR.pem HW_ID OUT_FOLDER
"""
import base64
import datetime
import os
import sys
import xml.etree.ElementTree as ET
import zipfile

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, padding
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

set_zip, sa_file, hw_id_hex, out_dir = sys.argv[1:5]
trusted = x509.load_pem_x509_certificate(open(sa_file, "rb").read())
hw_id = bytes.fromhex(hw_id_hex)
archive = zipfile.ZipFile(set_zip)


def local(tag):
    return tag.rsplit("}", 1)[-1]


def find_all(element, name):
    return [e for e in element.iter() if local(e.tag) == name]


def find_text(element, name):
    found = find_all(element, name)
    return found[0].text.strip() if found and found[0].text else None


def signer(root, ref):
    """The certificate a signature names, if the trusted scheme administrator issued it and it is valid today."""
    entry = next(c for c in find_all(root, "certificate") if c.get("id") == ref)
    certificate = x509.load_der_x509_certificate(base64.b64decode("".join(entry.text.split())))
    certificate.verify_directly_issued_by(trusted)  # issuer name and ECDSA signature; raises if not
    now = datetime.datetime.now(datetime.timezone.utc)
    if not certificate.not_valid_before_utc <= now <= certificate.not_valid_after_utc:
        raise ValueError(f"{certificate.subject.rfc4514_string()} is not valid today")
    return certificate


def is_signed(data, certificate, signature_base64):
    """ECDSA P-384 / SHA-384, DER signature, over the exact bytes."""
    try:
        certificate.public_key().verify(base64.b64decode(signature_base64), data, ec.ECDSA(hashes.SHA384()))
        return True
    except InvalidSignature:
        return False


def check_signed(name):
    """A file with its standalone signature file (PERMIT.SIGN, CATALOG.SIGN)."""
    data = archive.read(name)
    sign = ET.fromstring(archive.read(name.replace(".XML", ".SIGN")))
    signature = find_all(sign, "digitalSignature")[0]
    if not is_signed(data, signer(sign, signature.get("certificateRef")), signature.text.strip()):
        raise ValueError(f"{name} does not match its signature")
    print(f"{name}: signature valid")
    return ET.fromstring(data)


permit = check_signed("PERMIT.XML")
catalogue = check_signed("S100_ROOT/CATALOG.XML")

# Each dataset key is one AES-128 block encrypted with the HW_ID.
permits = []
for p in find_all(permit, "datasetPermit"):
    decryptor = Cipher(algorithms.AES(hw_id), modes.ECB()).decryptor()
    key = decryptor.update(bytes.fromhex(find_text(p, "encryptedKey"))) + decryptor.finalize()
    permits.append({"name": find_text(p, "filename"), "edition": find_text(p, "editionNumber"), "expiry": find_text(p, "expiry"), "key": key})

failed = 0
for dataset in find_all(catalogue, "S100_DatasetDiscoveryMetadata"):
    path = find_text(dataset, "fileName").removeprefix("file:").lstrip("/")
    file = os.path.basename(path)
    issue_date = find_text(dataset, "issueDate")
    data = archive.read("S100_ROOT/" + path)
    try:
        if find_text(dataset, "dataProtection") == "true":
            # A permit names the file, or its name without extension (then it covers the updates too).
            match = [p for p in permits if p["name"] in (file, os.path.splitext(file)[0])]
            if not match:
                raise ValueError("no permit")
            p = match[0]
            if p["edition"] and p["edition"] != find_text(dataset, "editionNumber"):
                raise ValueError(f"the permit is for edition {p['edition']}")
            if p["expiry"] and issue_date > p["expiry"]:
                raise ValueError(f"issued {issue_date}, after the permit expired on {p['expiry']}")
            # AES-128-CBC, PKCS#7; the IV is not sent: decrypt with any IV and drop the first (random) block.
            decryptor = Cipher(algorithms.AES(p["key"]), modes.CBC(bytes(16))).decryptor()
            padded = decryptor.update(data) + decryptor.finalize()
            unpadder = padding.PKCS7(128).unpadder()
            try:
                data = (unpadder.update(padded) + unpadder.finalize())[16:]
            except ValueError:
                raise ValueError("does not decrypt (a permit for another HW_ID?)")
        signature = (find_all(dataset, "S100_SE_SignatureOnData") or find_all(dataset, "S100_SE_DigitalSignature"))[0]
        if not is_signed(data, signer(catalogue, signature.get("certificateRef")), signature.text.strip()):
            raise ValueError("not the bytes the data server signed")
        os.makedirs(os.path.join(out_dir, os.path.dirname(path)), exist_ok=True)
        with open(os.path.join(out_dir, path), "wb") as out:
            out.write(data)
        print(f"{path}: decrypted and verified, {len(data)} bytes")
    except ValueError as err:
        failed += 1
        print(f"{path}: {err}")
sys.exit(1 if failed else 0)
